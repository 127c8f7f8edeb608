// The official @a2a-js/sdk 0.3.x server on Express with the same behaviour.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { DefaultRequestHandler, InMemoryTaskStore } from 'a2a-sdk-03/server';
import { A2AExpressApp } from 'a2a-sdk-03/server/express';
import { chunkText, parse } from './behaviour.mjs';

const card = {
  name: 'Bench Agent',
  description: 'SDK baseline',
  version: '1.0.0',
  protocolVersion: '0.3.0',
  url: 'http://127.0.0.1:0/',
  preferredTransport: 'JSONRPC',
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'bench', name: 'Bench', description: 'bench', tags: [] }],
};
const status = (ctx, state, final, text) => ({
  kind: 'status-update',
  taskId: ctx.taskId,
  contextId: ctx.contextId,
  final,
  status: {
    state,
    timestamp: new Date().toISOString(),
    ...(text ? { message: { kind: 'message', role: 'agent', messageId: randomUUID(), parts: [{ kind: 'text', text }] } } : {}),
  },
});
const executor = {
  async execute(ctx, bus) {
    const text = ctx.userMessage.parts[0].text;
    const { command, n } = parse(text);
    if (command === 'echo') {
      bus.publish({ kind: 'message', role: 'agent', messageId: randomUUID(), contextId: ctx.contextId, parts: [{ kind: 'text', text }] });
      return bus.finished();
    }
    bus.publish({
      kind: 'task',
      id: ctx.taskId,
      contextId: ctx.contextId,
      status: { state: 'submitted', timestamp: new Date().toISOString() },
      history: [ctx.userMessage],
    });
    if (command === 'stream') {
      for (let i = 0; i < n; i++) bus.publish(status(ctx, 'working', false, `event ${i}`));
    } else if (command === 'chunks') {
      bus.publish(status(ctx, 'working', false));
      const artifactId = randomUUID();
      for (let i = 0; i < n; i++) {
        const event = {
          kind: 'artifact-update',
          taskId: ctx.taskId,
          contextId: ctx.contextId,
          artifact: { parts: [{ kind: 'text', text: chunkText(i) }], artifactId },
        };
        if (i > 0) event.append = true;
        if (i === n - 1) event.lastChunk = true;
        bus.publish(event);
      }
    } else {
      // "task": one text artifact holding the user's text, then completed.
      bus.publish({
        kind: 'artifact-update',
        taskId: ctx.taskId,
        contextId: ctx.contextId,
        artifact: { parts: [{ kind: 'text', text }], artifactId: randomUUID() },
      });
    }
    bus.publish(status(ctx, 'completed', true));
    bus.finished();
  },
  async cancelTask() {},
};
const app = express();
new A2AExpressApp(new DefaultRequestHandler(card, new InMemoryTaskStore(), executor)).setupRoutes(app);
const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port, path: '/' })));
