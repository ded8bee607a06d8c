import { IslandContext, IslandScripts, type IslandRegistry } from "./components/island";
import { layouts } from "./layouts";
import { pages } from "./pages";
import type { ComponentType } from "react";
import { jsx } from "react/jsx-runtime";
import type { RenderProps } from "./types";
import limits from "../shared/limits.json";
import favicon from "./media/favicon.svg";
import { t } from "./lib/i18n";
import { signedInScript, speculationJSON } from "./lib/inlineScripts";

/** Document is the whole HTML page; Layout and Page come from the route table. */
export function Document(props: RenderProps) {
  // The loader of props.route made props.data for this page (AnyPage).
  const Page = pages[props.page] as ComponentType<RenderProps> | undefined;
  if (!Page) throw new Error(`unknown page component ${props.page}`);
  const Layout = layouts[props.layout] ?? layouts.default;
  const registry: IslandRegistry = { manifest: props.assets, next: 0, used: [], eager: [] };
  return (
    <html
      lang={props.lang}
      data-page-type={props.pageType}
      data-page-id={props.pageId || undefined}
      data-ga4={props.counters?.ga4 || undefined}
      data-ym={props.counters?.yandex || undefined}
      data-page-preview={props.preview ? "" : undefined}
      data-first-loading=""
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={limits.loadingColor} />
        {/* The signed-in header of a cached page (lib/inlineScripts.ts). */}
        <script dangerouslySetInnerHTML={{ __html: signedInScript }} />
        <link rel="icon" href={favicon} type="image/svg+xml" />
        {props.preview && <meta name="robots" content="noindex, nofollow" />}
        {props.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* Route preloading (lib/speculation.ts); a preview links nowhere worth it. */}
        {!props.preview && <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationJSON }} />}
      </head>
      <body>
        <div className="loading-bar" aria-hidden="true" />
        {props.preview && (
          <p className="preview-banner" role="status" data-preview="">
            {t(props.lang, "editor.preview.banner")}
          </p>
        )}
        <IslandContext.Provider value={registry}>
          {/* jsx(Page, props), not <Page {...props} />: the page's props as they came, uncopied. */}
          <Layout {...props}>{jsx(Page, props)}</Layout>
          <IslandScripts />
        </IslandContext.Provider>
      </body>
    </html>
  );
}
