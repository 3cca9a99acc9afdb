/**
 * The health door: the lifecycle the composition root wires (shutdown gate, graceful shutdown).
 * Other contexts import this file or `health.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { installGracefulShutdown } from './graceful-shutdown';
export { Lifecycle, registerShutdownGate } from './lifecycle';
