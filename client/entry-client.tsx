// The browser entry: hydrates every island marker the server wrote, loading
// each island's chunk on demand. Everything else on the page is plain HTML.
import { hydrateRoot } from "react-dom/client";
import limits from "../shared/limits.json";
import "./lib/loading";
import "./lib/pageView";

const reloadKey = "sogliq:chunk-reload";

// A chunk that fails to load usually means a deploy replaced it: reload once,
// but not again within the guard window (spec §8), so a broken deploy cannot
// loop.
function reloadAfterChunkError(err: unknown): void {
  console.error("island chunk failed to load", err);
  const last = Number(sessionStorage.getItem(reloadKey) || 0);
  if (Date.now() - last < limits.reloadGuardMs) return;
  sessionStorage.setItem(reloadKey, String(Date.now()));
  window.location.reload();
}

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const { island: name = "", prefix = "", src = "" } = el.dataset;
  const propsEl = el.nextElementSibling;
  const props = propsEl?.matches(`script[data-island-props="${prefix}"]`) ? JSON.parse(propsEl.textContent || "{}") : {};
  let mod: { default: React.ComponentType<Record<string, unknown>> };
  try {
    mod = await import(/* @vite-ignore */ src);
  } catch (err) {
    reloadAfterChunkError(err);
    return;
  }
  const Island = mod.default;
  hydrateRoot(el, <Island {...props} />, {
    identifierPrefix: prefix,
    onRecoverableError(error, info) {
      console.error(`hydration error in island ${name}`, error, info.componentStack);
    },
  });
}

function hydrateAll(): void {
  document.querySelectorAll<HTMLElement>("[data-island]").forEach((el) => void hydrateIsland(el));
}

// Hydrate in a deferred task so the first paint never waits for it.
if ("requestIdleCallback" in window) requestIdleCallback(hydrateAll, { timeout: 500 });
else setTimeout(hydrateAll, 0);
