/**
 * The parent-frame bridge, exposed as `./bridge`. It imports nothing from the app: the app hands it its configuration.
 */
export { type Bridge, type BridgeOptions, installBridge } from './install-bridge.ts';
export { type LaunchParams, takeLaunchParams } from './launch-params.ts';
export type {
  AppChangedUrlMessage,
  AppErrorDetails,
  AppErrorMessage,
  BridgeMessage,
  PreloadErrorMessage,
  SandboxMountMessage,
} from './messages.ts';
export { resolveParentOrigin } from './parent-origin.ts';
