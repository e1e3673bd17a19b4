// jsdom lacks TextEncoder, which react-router needs when it loads. Import this first in a spec.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
