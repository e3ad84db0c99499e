import { randomUUID } from 'node:crypto';
import { type TPresenceViewer, ZPresenceViewer } from '@impact/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { PresenceRegistry } from './registry';
import { type StepSaved, type StepSaves, ZStepSaved } from './step-saves';

const ZMessage = z.union([
  z.object({ instance: z.string(), submissionId: z.string(), viewers: z.array(ZPresenceViewer) }),
  z.object({ instance: z.string(), saved: ZStepSaved }),
]);

/**
 * Presence across instances through Redis pub/sub (when REDIS_URL is set, as for rate limits):
 * each instance publishes who has a submission open on it whenever that changes, and again on
 * every beat so the others' copies do not expire; a copy not renewed within three beats (an
 * instance that crashed) is forgotten. A new instance asks the others to say what they have.
 * A step answer written here is published only when another instance has that submission open.
 * Redis being away only narrows presence to this instance; nothing else depends on it.
 */
export function sharePresence(
  registry: PresenceRegistry,
  saves: StepSaves,
  redis: Redis,
  channel: string,
  beatMs: number,
  log: FastifyBaseLogger,
) {
  const instance = randomUUID();
  const publish = (submissionId: string, viewers: TPresenceViewer[]) => {
    redis.publish(channel, JSON.stringify({ instance, submissionId, viewers })).catch(() => {});
  };
  const republishAll = () => {
    for (const id of registry.openSubmissions()) publish(id, registry.localViewers(id));
  };
  registry.onLocalChange = publish;
  const publishSaved = (saved: StepSaved) => {
    if (registry.openElsewhere(saved.submissionId))
      redis.publish(channel, JSON.stringify({ instance, saved })).catch(() => {});
  };
  const stopListening = saves.listen(publishSaved);
  // Its own connection: a subscribed Redis connection can do nothing else. Subscribing waits for it.
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, text: string) => {
    let message: z.infer<typeof ZMessage>;
    try {
      message = ZMessage.parse(JSON.parse(text));
    } catch {
      return;
    }
    if (message.instance === instance) return;
    if ('saved' in message) return registry.tellSaved(message.saved);
    // An empty "hello" submission id: a new instance asks what everyone has open.
    if (message.submissionId === '') return republishAll();
    registry.setRemote(message.instance, message.submissionId, message.viewers, Date.now() + 3 * beatMs);
  });
  subscriber.subscribe(channel).then(
    () => publish('', []),
    (err: Error) => log.warn({ err }, 'presence is per instance: Redis subscription failed'),
  );
  const beat = setInterval(() => {
    registry.sweep();
    republishAll();
  }, beatMs);
  beat.unref();
  return {
    close: () => {
      clearInterval(beat);
      stopListening();
      // Leaving: the others forget this instance's viewers at once.
      for (const id of registry.openSubmissions()) publish(id, []);
      subscriber.disconnect();
    },
  };
}
