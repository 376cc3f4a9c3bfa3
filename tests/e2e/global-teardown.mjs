// Stops the server started by global-setup.mjs and removes its temporary DATA_DIR.
export default async function globalTeardown() {
  const server = globalThis.__E2E_SERVER__;
  if (server) {
    if (!server.alive()) console.error(`e2e server had exited before the end; its last output:\n${server.output()}`);
    await server.stop();
    globalThis.__E2E_SERVER__ = undefined;
  }
}
