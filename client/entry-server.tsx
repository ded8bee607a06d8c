// The server entry, run by goja (ssr/engine.go): props JSON in, the whole
// document out, <html> to </html>, each page's title, meta and link tags
// hoisted into <head>. Pages render with staticRender.ts (the HTML
// renderToString writes, without hydration's bookkeeping, which only
// islands need: renderIsland); __sogliqRenderReact renders with
// react-dom/server itself, for the tests that compare the two.
import { renderToString } from "react-dom/server";
import { jsx } from "react/jsx-runtime";
import { Document } from "./Document";
import { fellBack, renderIslandsWithReact, renderStaticOut, Unsupported, type Out } from "./staticRender";
import { inlineScripts } from "./lib/inlineScripts";
import type { RenderProps } from "./types";
import "./styles/global.css";

/** SogliqGlobal is the global object with the functions ssr/engine.go calls. */
type SogliqGlobal = typeof globalThis & {
  __sogliqRender: (propsJSON: string) => string;
  __sogliqRenderProps: (props: RenderProps) => string | Out;
  __sogliqRenderReact: (propsJSON: string) => string;
  __sogliqInlineScripts: () => string;
};

// The inline scripts' texts, for the server's Content-Security-Policy
// (ssr.Engine InlineScripts), as JSON.
(globalThis as SogliqGlobal).__sogliqInlineScripts = () => JSON.stringify(inlineScripts);

(globalThis as SogliqGlobal).__sogliqRender = function render(propsJSON: string): string {
  const html = renderDocument(JSON.parse(propsJSON) as RenderProps);
  return typeof html === "string" ? html : html.join("");
};

// The engine hands the props over decoded when the bundle takes them so
// (ssr/props.go): goja's JSON.parse cost more.
(globalThis as SogliqGlobal).__sogliqRenderProps = renderDocument;

// renderDocument's HTML stays in Go when the engine gave the render a
// sink (ssr/sink.go), which the engine reads as it reads a string.
function renderDocument(props: RenderProps): string | Out {
  try {
    const html = renderStaticOut(jsx(Document, props));
    if (typeof html === "string") return "<!DOCTYPE html>" + html;
    html.unshift("<!DOCTYPE html>");
    return html;
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    // A page with an element the static renderer does not write still
    // renders, with React; the engine counts it and logs which, so that it
    // gets support.
    fellBack("page", `${props.page}: ${e.message}`);
    return "<!DOCTYPE html>" + renderToString(<Document {...props} />);
  }
}

(globalThis as SogliqGlobal).__sogliqRenderReact = function renderReact(propsJSON: string): string {
  const props = JSON.parse(propsJSON) as RenderProps;
  // A runtime renders with one or the other (ssr.Options.React).
  renderIslandsWithReact(true);
  return "<!DOCTYPE html>" + renderToString(<Document {...props} />);
};
