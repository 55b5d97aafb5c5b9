import { EventSource } from 'eventsource';
import type { LiveEvent } from '../../shared/api';

// The live stream of the signed-in user (GET /api/events/stream, server: resources/live.ts): one
// record event per move of a record the user may read. The browser's own EventSource cannot send
// the Authorization header the API takes, so the `eventsource` package's (the WHATWG EventSource
// over fetch) carries it; it reconnects by itself after a drop and sends the last event's id, so
// nothing made meanwhile is missed.

/** One move, as the server sends it (the wire type, src/shared/api.ts). */
export type LiveMove = LiveEvent;

export const LIVE_STREAM_PATH = '/api/events/stream';

/** Opens the stream with `token`; `onMove` hears each move. Answers a function that closes it. */
export function openLiveStream(token: string, onMove: (move: LiveMove) => void): () => void {
  const source = new EventSource(new URL(LIVE_STREAM_PATH, window.location.href), {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), authorization: token } }),
  });
  source.addEventListener('record', (event) => {
    try {
      onMove(JSON.parse(event.data) as LiveMove);
    } catch {
      // A malformed event changes nothing on the page.
    }
  });
  return () => source.close();
}
