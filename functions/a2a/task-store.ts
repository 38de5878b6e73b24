/**
 * Where the A2A agent keeps the tasks it returns: the configured store (memory, SQLite or Upstash, through the
 * one `Store` interface), for `A2A_TASK_TTL_SECONDS` after the task's last change, so `GetTask` reads it back and
 * `CancelTask` answers on it (A2A 1.0.1 §3.1.3, §3.1.5) from any instance of the function.
 *
 * Authorization model (A2A §13.1): no caller is authenticated, so a task belongs to whoever holds its id, a random
 * UUID the agent chose and returned only to the client that sent the message. `GetTask`/`CancelTask` need that
 * id; `ListTasks` shows an anonymous caller no one else's tasks, so it lists none. Ids of another shape are never
 * looked up (a 64 KB "id" costs no storage call).
 *
 * During a request the task lives in this request's memory (the SDK saves it at every event: working, artifact,
 * final status); it is written to the store once, when it reaches a state it will not leave by itself (terminal,
 * or waiting for input or authorization). A store that fails loses the read-back, not the answer: the failure is
 * logged and the client still gets its task. Writes go to the `replay` budget: records anyone can make without a
 * quota, which never evict readings, leads or counters.
 */
import { type ListTasksRequest, type ListTasksResponse, Task, TaskState } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { A2A_TASK_TTL_SECONDS } from './card.ts';
import { storeFailureWarner } from '../store/guarded.ts';
import type { Store } from '../store/types.ts';

/** States a task leaves only when the client sends something: the task is complete as far as the agent goes. */
const SETTLED = new Set<TaskState>([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
  TaskState.TASK_STATE_INPUT_REQUIRED,
  TaskState.TASK_STATE_AUTH_REQUIRED,
]);

/** The ids this agent gives its tasks (`crypto.randomUUID()` in the SDK). */
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const taskKey = (id: string): string => `a2a:tarefa:${id}`;

const warn = storeFailureWarner('[a2a] armazenamento indisponível ao');
const logFailure = (what: string, error: unknown): void => warn(`${what} uma tarefa`, error);

/** A task store for one request over the configured store. */
export class StoredTaskStore implements TaskStore {
  readonly #store: Store;
  readonly #local = new Map<string, Task>();
  readonly #sending: boolean;

  /**
   * `sending`: the request sends a message. The SDK then looks up the id it just made for the new task, which no
   * store holds, so a failing store reads as "no such task" and the answer still goes out. Otherwise (GetTask,
   * CancelTask…) a failing store is an internal error, never a false "task not found".
   */
  constructor(store: Store, options: { sending: boolean }) {
    this.#store = store;
    this.#sending = options.sending;
  }

  async save(task: Task, _context: ServerCallContext): Promise<void> {
    const copy = Task.fromJSON(Task.toJSON(task));
    this.#local.set(task.id, copy);
    if (!SETTLED.has(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED) || !TASK_ID.test(task.id)) return;
    try {
      await this.#store.set(taskKey(task.id), Task.toJSON(copy), { ttlSeconds: A2A_TASK_TTL_SECONDS, budget: 'replay' });
    } catch (error) {
      logFailure('guardar', error);
    }
  }

  async load(taskId: string, _context: ServerCallContext): Promise<Task | undefined> {
    const local = this.#local.get(taskId);
    if (local) return Task.fromJSON(Task.toJSON(local));
    if (!TASK_ID.test(taskId)) return undefined;
    let stored: unknown;
    try {
      stored = await this.#store.get<unknown>(taskKey(taskId));
    } catch (error) {
      if (!this.#sending) throw error;
      logFailure('ler', error);
      return undefined;
    }
    return stored === null ? undefined : Task.fromJSON(stored);
  }

  async list(params: ListTasksRequest, _context: ServerCallContext): Promise<ListTasksResponse> {
    return { tasks: [], nextPageToken: '', pageSize: params.pageSize ?? 0, totalSize: 0 };
  }
}
