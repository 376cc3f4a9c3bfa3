// Starts the real server once for all browser tests: a free port, a temporary
// DATA_DIR with the embedded database, the demo seed. The tests read its
// addresses from E2E_BASE_URL / E2E_DEMO_URL (or .tmp/e2e/server.json).
import fs from 'node:fs';
import path from 'node:path';
import { root, requireH5Build, startServer } from '../../scripts/lib/server.mjs';

export default async function globalSetup() {
  requireH5Build(process.env.E2E_H5_DIR || path.join(root, 'dist/h5'));
  const started = Date.now();
  // The organiser token lets the live-album tests upload through the organiser CLI.
  const organizerToken = 'e2e-organiser-token';
  // The server's output goes to .tmp/e2e/server-<pid>.log (E2E_SERVER_LOG; one file
  // per run, so parallel runs keep theirs): the permission tests read the sandbox SMS
  // code there (logged at info level, so that level is on).
  const logFile = path.join(root, `.tmp/e2e/server-${process.pid}.log`);
  const server = await startServer({
    h5Dir: process.env.E2E_H5_DIR,
    echo: process.env.E2E_ECHO_SERVER === '1',
    logFile,
    // Every browser of the run comes from 127.0.0.1 (like guests behind one venue address):
    // the per-address guest-session and login limits must not depend on how fast the tests run.
    env: {
      ORGANIZER_TOKEN: organizerToken,
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL || 'info',
      GUEST_SESSIONS_PER_MIN: '100000',
      LOGIN_PER_IP_PER_MIN: '100000',
      // A code component's allowed host (tests/e2e/csp.test.ts; its script is answered by the test's route).
      CODE_HOSTS: 'cdn.example.com'
    }
  });
  globalThis.__E2E_SERVER__ = server;
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DEMO_URL = server.demoUrl;
  process.env.E2E_ORGANIZER_TOKEN = organizerToken;
  process.env.E2E_SERVER_LOG = logFile;
  const stateDir = path.join(root, '.tmp/e2e');
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(path.join(stateDir, 'server.json'), JSON.stringify({ baseUrl: server.baseUrl, demoUrl: server.demoUrl, pid: server.pid, organizerToken, logFile }) + '\n');
  console.log(`\ne2e server ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${server.demoUrl}`);
}
