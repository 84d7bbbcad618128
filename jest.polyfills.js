// jsdom lacks pieces that react-router 7 and msw 2 use at import time.
const { TextEncoder, TextDecoder } = require('node:util');
const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web');
const { BroadcastChannel, MessageChannel, MessagePort } = require('node:worker_threads');

Object.defineProperties(globalThis, {
  TextEncoder: { value: TextEncoder, configurable: true },
  TextDecoder: { value: TextDecoder, configurable: true },
  ReadableStream: { value: ReadableStream, configurable: true },
  TransformStream: { value: TransformStream, configurable: true },
  WritableStream: { value: WritableStream, configurable: true },
  BroadcastChannel: { value: BroadcastChannel, configurable: true },
  MessageChannel: { value: MessageChannel, configurable: true },
  MessagePort: { value: MessagePort, configurable: true },
});
if (typeof globalThis.structuredClone === 'undefined') {
  globalThis.structuredClone = (v) => JSON.parse(JSON.stringify(v));
}
