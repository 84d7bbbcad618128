// jsdom lacks pieces that react-router 7 and msw 2 use at import time. The Fetch API classes
// (Request, Response, Headers, fetch, Blob, FormData, URL, AbortController) come from the
// jest-fixed-jsdom environment set in jest.config.base.js; these are the rest.
const { TextEncoder, TextDecoder } = require('node:util');
const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web');
const { BroadcastChannel } = require('node:worker_threads');

Object.defineProperties(globalThis, {
  TextEncoder: { value: TextEncoder, configurable: true },
  TextDecoder: { value: TextDecoder, configurable: true },
  ReadableStream: { value: ReadableStream, configurable: true },
  TransformStream: { value: TransformStream, configurable: true },
  WritableStream: { value: WritableStream, configurable: true },
  BroadcastChannel: { value: BroadcastChannel, configurable: true },
});
// No MessageChannel on purpose: React's scheduler would pick Node's, whose open ports keep Jest
// from exiting after any test that renders; without it the scheduler falls back to setTimeout.
if (typeof globalThis.structuredClone === 'undefined') {
  globalThis.structuredClone = (v) => JSON.parse(JSON.stringify(v));
}
