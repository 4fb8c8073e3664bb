/** The real server process and the operator commands, for tests (see src/ops/server-process.ts). */
export {
  runOps,
  type ServerProcess,
  serverUrl,
  startServerProcess,
  stopServerProcess,
} from '../../src/ops/server-process.ts';
