// Code run inside the benchmarked page. It is kept as source text because the benchmarks are
// type-checked with the server's configuration, which has no DOM library.

/** Init script: records when the first element matching `selector` enters the DOM (page clock). */
export const firstElementProbe = (selector: string) => `
  document.addEventListener('DOMContentLoaded', () => {
    const observer = new MutationObserver(() => {
      if (window.__firstRowAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });`;

export const FIRST_ELEMENT_AT = 'window.__firstRowAt ?? Number.NaN';

/**
 * Scrolls the nearest scrollable ancestor of the table's rows by 120 px per animation frame for
 * `durationMs` (back to the top at the end) and answers every frame's interval in ms.
 */
export const scrollFramesProbe = (durationMs: number) => `(async () => {
  const row = document.querySelector('table tbody tr');
  let scroller = row ? row.parentElement : null;
  while (scroller && scroller.scrollHeight <= scroller.clientHeight + 1) scroller = scroller.parentElement;
  const target = scroller || document.scrollingElement;
  const frames = [];
  const started = performance.now();
  let last = started;
  await new Promise((resolve) => {
    const step = (now) => {
      frames.push(now - last);
      last = now;
      const max = target.scrollHeight - target.clientHeight;
      target.scrollTop = target.scrollTop >= max ? 0 : target.scrollTop + 120;
      if (now - started < ${durationMs}) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
  return frames.slice(1);
})()`;
