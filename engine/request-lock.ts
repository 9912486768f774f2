// The one lock of a request's run. The program and the assignment and due-date handlers all write
// to the projection through activities; without the lock their writes would interleave (a task
// assigned while it is being closed). The program holds it whenever it is not waiting for a
// person: from the start, and after each wait (for an action, a moved due date or a notice's time)
// until it waits again. A handler holds it for its own writes.
//
// The rule, stated once: the check and the set happen together, inside the predicate given to
// `condition()`. The SDK evaluates the blocked conditions one after another, synchronously, so the
// first waiter whose predicate sees the lock free also takes it, and every later predicate in that
// activation sees it taken. (Checking in the predicate and taking it after the await would let two
// waiters through.)
import { condition } from '@temporalio/workflow';

export class RequestLock {
  /** Held by the program from the start until it first waits for a person. */
  private held = true;
  /** True while a handler (not the program) holds it. */
  private heldByHandler = false;

  /** Takes the lock if it is free (the predicate form of acquire). */
  readonly tryAcquire = (): boolean => (this.held ? false : (this.held = true));

  /** Waits until the lock is free and takes it. */
  acquire(): Promise<void> {
    return condition(this.tryAcquire);
  }

  isFree(): boolean {
    return !this.held;
  }

  release(): void {
    this.held = false;
  }

  /** A handler says it holds the lock it acquired, until handlerDone(). */
  handlerHolds(): void {
    this.heldByHandler = true;
  }

  /** A handler is done with the lock; it still has to release it. */
  handlerDone(): void {
    this.heldByHandler = false;
  }

  /**
   * After the program was cancelled: the lock it held is free again (so the termination can take
   * it in turn), unless a handler held it at that moment, whose release will free it.
   */
  releaseCancelledProgram(): void {
    if (!this.heldByHandler) this.held = false;
  }
}
