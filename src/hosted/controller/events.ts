/** A typed event emitter whose listeners cannot break each other or the caller. */
export interface Emitter<Events> {
  /** Subscribes a listener. @returns a function that unsubscribes it. */
  on<K extends keyof Events>(type: K, listener: (event: Events[K]) => void): () => void;
  /** Calls every listener of `type`; one that throws is reported by the browser (a task of its own) and stops nothing. */
  emit<K extends keyof Events>(type: K, detail: Events[K]): void;
}

/** A new {@link Emitter}. */
export function createEmitter<Events>(): Emitter<Events> {
  const listeners: { [K in keyof Events]?: Set<(event: Events[K]) => void> } = {};
  return {
    on(type, listener) {
      const set = (listeners[type] ??= new Set());
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(type, detail) {
      listeners[type]?.forEach((listener) => {
        try {
          listener(detail);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      });
    },
  };
}
