/**
 * The control API's own routes (health, reset, faults, the request log) and the hooks behind faults and the request
 * log, which every route of the emulator passes through.
 */
export { type ControlContext, registerControlRoutes } from './control-routes.ts';
export { FaultRegistry, registerFaults } from './faults.ts';
export { RequestLog, registerRequestLog } from './request-log.ts';
