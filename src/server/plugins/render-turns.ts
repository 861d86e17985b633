/**
 * Starts one server render per turn of the event loop, first come first served.
 *
 * A render of a page runs from the loaders to the last byte in one chain of microtasks when its
 * data is in memory (10 ms and more of CPU), so a turn of the loop that read 50 requests would
 * render all 50 before it polls the network again. libuv accepts one new connection per poll
 * (libuv/libuv#3696), so under load a visitor who just connected waited about one such turn per
 * connection queued before theirs: seconds, while the requests of already open connections were
 * answered in a few hundred milliseconds. Admitting one render per turn keeps every turn short,
 * so connections are accepted as fast as pages are rendered, and renders start in arrival order.
 * (docs/decisions/0041-uncached-render-performance.md)
 */
export interface RenderTurns {
  /** Resolves when this render may start: at once when no render started in this turn, else in a later turn. */
  wait(): Promise<void> | undefined;
  /** Renders waiting for a turn. */
  readonly waiting: number;
}

export function createRenderTurns(): RenderTurns {
  const queue: (() => void)[] = [];
  /** A render started in this turn of the loop; `next` runs in the check phase and clears it. */
  let turnTaken = false;

  function next() {
    const start = queue.shift();
    if (start) {
      start();
      // The following one waits for the next turn: the network is polled in between.
      setImmediate(next);
    } else {
      turnTaken = false;
    }
  }

  return {
    wait() {
      if (!turnTaken) {
        turnTaken = true;
        setImmediate(next);
        return undefined;
      }
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    get waiting() {
      return queue.length;
    },
  };
}
