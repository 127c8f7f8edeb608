// The official @a2a-js/sdk 1.3.0 server (A2A v1.0, JSON-RPC binding) on Express; every message
// is scenario T, as the other bench servers do "task …" (bench/servers/behaviour.mjs): the `a2a-sdk-10`
// devDependency, jsonRpcHandler + agentCardHandler, DefaultRequestHandler, InMemoryTaskStore,
// as test/helpers/sdk10-server.ts starts it. Serves bench/server-v1.mjs.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { TaskState } from 'a2a-sdk-10';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from 'a2a-sdk-10/server';
import { UserBuilder, agentCardHandler, jsonRpcHandler } from 'a2a-sdk-10/server/express';
import { sdk10Card, submittedTask, textPart } from './sdk10-card.mjs';

const card = sdk10Card('http://127.0.0.1:0/', 'JSONRPC');
const now = () => new Date().toISOString();
const executor = {
  async execute(ctx, bus) {
    const part = ctx.userMessage.parts[0]?.content;
    const text = part?.$case === 'text' ? part.value : '';
    const { taskId, contextId } = ctx;
    // Scenario T: the Task, one text artifact holding the user's text, then completed (as bench/servers/sdk.mjs).
    bus.publish(AgentEvent.task(submittedTask(ctx)));
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: { artifactId: randomUUID(), name: '', description: '', parts: [textPart(text)], metadata: undefined, extensions: [] },
        append: false,
        lastChunk: false,
        metadata: undefined,
      }),
    );
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: now() },
        metadata: undefined,
      }),
    );
    bus.finished();
  },
  async cancelTask() {},
};
const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
const app = express();
app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
const server = app.listen(0, '127.0.0.1', () => {
  card.supportedInterfaces[0].url = `http://127.0.0.1:${server.address().port}/`;
  console.log(JSON.stringify({ port: server.address().port, path: '/' }));
});
