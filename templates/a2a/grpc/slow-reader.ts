// Ending the stream of a client that does not read. HTTP/2 sends a stream's trailers (the gRPC
// status) after its data, and a client that stops reading holds that data back through flow
// control: a status sent the usual way would never arrive, and the data would stay in memory.
// The stream is reset instead, with ENHANCE_YOUR_CALM, which gRPC clients report as
// RESOURCE_EXHAUSTED (gRPC over HTTP/2, "Errors"). grpc-js has no public call for it: this finds
// the call's HTTP/2 stream through its layers, and says when it could not (the caller then ends
// the call the usual way).
// @see https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md#errors
import { constants } from 'node:http2';

interface Layer {
  call?: unknown;
  nextCall?: unknown;
  stream?: { close?: (code: number) => void; destroyed?: boolean };
}

/** Resets the call's HTTP/2 stream with ENHANCE_YOUR_CALM; false when it found no stream to reset. */
export function resetSlowReader(call: object): boolean {
  let layer = (call as Layer).call as Layer | undefined;
  for (let depth = 0; layer && depth < 8; depth++) {
    const stream = layer.stream;
    if (stream && typeof stream.close === 'function') {
      if (!stream.destroyed) stream.close(constants.NGHTTP2_ENHANCE_YOUR_CALM);
      return true;
    }
    layer = layer.nextCall as Layer | undefined;
  }
  return false;
}
