// The server entry, run by goja (ssr/engine.go): props JSON in, the whole
// document out. React renders <html> to </html> and hoists each page's
// title, meta and link tags into <head>.
import { renderToString } from "react-dom/server";
import { Document } from "./Document";
import type { RenderProps } from "./types";
import "./styles/global.css";

/** SogliqGlobal is the global object with the function ssr/engine.go calls. */
type SogliqGlobal = typeof globalThis & { __sogliqRender: (propsJSON: string) => string };

(globalThis as SogliqGlobal).__sogliqRender = function render(propsJSON: string): string {
  const props = JSON.parse(propsJSON) as RenderProps;
  return "<!DOCTYPE html>" + renderToString(<Document {...props} />);
};
