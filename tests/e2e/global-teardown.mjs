// Stops the server started by global-setup.mjs and removes its temporary DATA_DIR
// and its output copy.
export default async function globalTeardown() {
  const server = globalThis.__E2E_SERVER__;
  if (server) {
    if (!server.alive()) console.error(`e2e server had exited before the end; its last output:\n${server.output()}`);
    await server.stop();
    // The output copy (global-setup.mjs) goes with the server, unless kept for a look.
    if (process.env.E2E_SERVER_LOG && process.env.E2E_KEEP_SERVER_LOG !== '1') await import('node:fs').then((fs) => fs.rmSync(process.env.E2E_SERVER_LOG, { force: true }));
    globalThis.__E2E_SERVER__ = undefined;
  }
}
