// Types of index.cjs for the TypeScript that loads it (the Playwright suite, tests).
import type { ChildProcess } from 'node:child_process';
export const ROOT: string;
export const START_ORDER: string[];
export const REMOTES: Record<
  'mfe_public' | 'mfe_accounts' | 'mfe_servers' | 'mfe_setup',
  { dir: string; port: number }
>;
export interface ServiceDefinition {
  port: number;
  command: string[];
  env: Record<string, string>;
  ready: string;
}
export interface ShellDeployFiles {
  remotesFile: string;
  configFile: string;
}
export function stackPorts(
  portOffset?: number,
): Record<'emulator' | 'api' | 'shell' | keyof typeof REMOTES, number>;
export function writeShellDeployFiles(
  dir: string,
  options?: { portOffset?: number; manifests?: Record<string, string> },
): ShellDeployFiles;
export function serviceDefinitions(options?: {
  dataDir?: string;
  emulatorSeed?: string;
  accessTokenTtl?: number | string;
  syncBotListMaxAgeSeconds?: number;
  portOffset?: number;
  shellDeployFiles?: ShellDeployFiles;
}): Record<string, ServiceDefinition>;
export function isPortOpen(port: number, host?: string): Promise<boolean>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export function startService(
  name: string,
  definition: ServiceDefinition,
  options?: { logFd?: number; detached?: boolean },
): Promise<ChildProcess>;
export const API_NODE_FLAGS: string[];
export const EMBEDDED_START_ORDER: string[];
export function freePort(): Promise<number>;
export function processTree(rootPid: number): { pid: number; ppid: number; argv: string[] }[];
export interface Build {
  script: string;
  outputs: string[];
  inputs: string[];
}
export const BUILDS: Record<'api' | 'emulator', Build>;
export function ensureBuilt(build: Build, options?: { timeoutMs?: number }): void;
