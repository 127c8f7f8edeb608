// The official @a2a-js/sdk 1.3.0 gRPC server (`a2a-sdk-10/server/grpc` on @grpc/grpc-js):
// DefaultRequestHandler and InMemoryTaskStore as test/helpers/sdk10-server.ts starts them, an
// executor that does what bench/servers/behaviour.mjs says ("task …": scenario T; "chunks N":
// scenario S). Prints `{ grpcPort }`. Serves bench/grpc.mjs.
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { TaskState } from 'a2a-sdk-10';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from 'a2a-sdk-10/server';
import { A2AService, grpcService, UserBuilder } from 'a2a-sdk-10/server/grpc';
import { chunkText, parse } from './behaviour.mjs';
import { sdk10Card, submittedTask, textPart } from './sdk10-card.mjs';

const card = sdk10Card('127.0.0.1:0', 'GRPC');
const now = () => new Date().toISOString();
const executor = {
  async execute(ctx, bus) {
    const part = ctx.userMessage.parts[0]?.content;
    const text = part?.$case === 'text' ? part.value : '';
    const { command, n } = parse(text);
    const { taskId, contextId } = ctx;
    const status = (state) => AgentEvent.statusUpdate({ taskId, contextId, status: { state, message: undefined, timestamp: now() }, metadata: undefined });
    const artifact = (artifactId, chunk, append, lastChunk) =>
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: { artifactId, name: '', description: '', parts: [textPart(chunk)], metadata: undefined, extensions: [] },
        append,
        lastChunk,
        metadata: undefined,
      });
    bus.publish(AgentEvent.task(submittedTask(ctx)));
    if (command === 'chunks') {
      // Scenario S: working, one artifact in n chunks, completed.
      bus.publish(status(TaskState.TASK_STATE_WORKING));
      const artifactId = randomUUID();
      for (let i = 0; i < n; i++) bus.publish(artifact(artifactId, chunkText(i), i > 0, i === n - 1));
    } else bus.publish(artifact(randomUUID(), text, false, false)); // Scenario T.
    bus.publish(status(TaskState.TASK_STATE_COMPLETED));
    bus.finished();
  },
  async cancelTask() {},
};
const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
const server = new grpc.Server();
server.addService(A2AService, grpcService({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) throw err;
  console.log(JSON.stringify({ grpcPort: port }));
});
process.on('SIGINT', () => process.exit(0));
