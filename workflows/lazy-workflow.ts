// A workflow whose module is evaluated on the run's first call of it (workflows/index.ts says why).

/** The workflow `name` of the module `load` answers, loaded when a run calls it. */
export function lazyWorkflow<M, K extends keyof M>(load: () => M, name: K): M[K] {
  const workflow = (...args: unknown[]) => (load()[name] as (...a: unknown[]) => unknown)(...args);
  return workflow as M[K];
}
