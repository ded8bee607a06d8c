// Cases for client/client_test.go (TestStaticRenderCases): elements that
// staticRender.ts must write exactly as react-dom/server's renderToString
// does, beyond what the site's own pages hold (server/site's
// TestStaticRenderMatchesReact covers those).
import { Component, Fragment, Profiler, StrictMode, Suspense, createContext, createElement, forwardRef, memo, useContext, useEffect, useEffectEvent, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { renderToString } from "react-dom/server";
import { Helmet } from "react-helmet-async";
import { fragment } from "./components/fragment";
import type { HTMLKeyed } from "./components/island";
import RegionPicker from "./islands/RegionPicker";
import { renderIsland, renderStatic, templateDefs, Unsupported } from "./staticRender";

const Theme = createContext("light");

function Themed() {
  const theme = useContext(Theme);
  const [count] = useState(() => 3);
  const doubled = useMemo(() => count * 2, [count]);
  return (
    <span data-theme={theme}>
      {count} and {doubled}
    </span>
  );
}

class Legacy extends Component<{ name: string; children?: ReactNode }> {
  static defaultProps = { name: "default" };
  render() {
    return (
      <b title={this.props.name}>
        {this.props.name}
        {this.props.children}
      </b>
    );
  }
}

class WithContext extends Component {
  static contextType = Theme;
  declare context: string;
  render() {
    return <s>{this.context}</s>;
  }
}

const Memo = memo(function Memo({ text }: { text: string }) {
  return <i>{text}</i>;
});

const Forwarded = forwardRef<HTMLInputElement, { label: string }>(function Forwarded({ label }, ref) {
  return <input ref={ref} aria-label={label} />;
});

// Values the templates' holes take (ssr/templates.go): the same element
// with constant props is a template's markup, with these its holes.
const hole = {
  empty: "",
  script: " javascript:alert(1)",
  text: "Шифокор <«Барака»> & 'сыновья'",
  none: null as string | null,
  yes: true,
  no: false,
  n: 0,
  list: ["a", "b", "c"],
  style: { color: "red", marginTop: 4 },
};

/** Themed inside a template, below a provider around it: read when walked, not when built. */
function Shows({ children }: { children?: ReactNode }) {
  return (
    <Theme.Provider value="dark">
      <div className="shows">
        {children}
        <Themed />
      </div>
    </Theme.Provider>
  );
}

/** cases are named elements, each rendered both ways by the test. */
export const cases: Record<string, () => ReactNode> = {
  // Templates: holes of every kind beside markup and texts.
  templateHoles: () => (
    <article className={hole.none ?? "fallback"} data-n={hole.n} aria-busy={hole.yes} hidden={hole.no} style={hole.style} title={hole.text}>
      <a href={hole.empty}>empty</a>
      <a href={hole.script}>js</a>
      <a href={(hole.none || "/x") + "?a=1&b=2"} rel={hole.none ?? undefined}>
        {/* a comment */ hole.text}
      </a>
      <p>
        ★ {hole.n} {(hole.n + 1).toFixed(2)}
        {hole.empty}
        {hole.text}
        {hole.yes && <span>yes</span>}
        {hole.no && <span>no</span>}
        {hole.none}
      </p>
      <ul>
        {hole.list.map((x, i) => (
          <li key={x} className={i % 2 ? "odd" : "even"}>
            {x}: {i}
          </li>
        ))}
      </ul>
      <button type="button" name={hole.text} disabled={hole.no}>
        named
      </button>
      <button type="button" onClick={() => {}} aria-pressed={hole.no}>
        pressed
      </button>
      <Shows>
        <span>
          <Themed />
        </span>
      </Shows>
    </article>
  ),
  // Plain elements' props of every kind, which the engine writes in Go
  // (ssr/opentag.go) where it can: booleans, numbers, escapes, functions.
  plainProps: () => (
    <section className={'a&b"<c>'} id={"x'y"} tabIndex={0} role="list" title={true as unknown as string} lang="uz" data-flag={true} aria-hidden={false} data-n={3} data-f={1.5} aria-label="Шифокор «Барака»" hidden itemScope itemProp="x" inert={false} data-gone={null} data-undef={undefined} onClick={() => {}}>
      <details open={1 as unknown as boolean}>
        <summary data-x="">s</summary>
      </details>
      <span style={{ color: "red" }} data-Odd="1" dir="rtl" {...{ htmlFor: "f" }}>
        t
      </span>
      <td colSpan={2} headers="h" scope="row" abbr="a" />
      <div dangerouslySetInnerHTML={{ __html: "<b>raw</b>" }} className="inner" />
      <a href="">empty</a>
      <a href="/doctors?a=1&b='2'" rel="nofollow" target="_blank" hrefLang="uz" aria-current="page" data-no-prefetch="">
        link
      </a>
      <a href={" javascript:alert(1)"}>js</a>
      <a href={true as unknown as string} download>
        bool
      </a>
      <button type="button" value={true as unknown as string} disabled className="b">
        b
      </button>
      <button type="submit" name="n" value={3} disabled={false} formAction="/x">
        form
      </button>
    </section>
  ),
  texts: () => (
    <p>
      {"a"}
      {"b"}
      {1}
      {2n}
      {null}
      {false}
      {""}
      {"c"}
      {[["d", "e"], "f"]}
    </p>
  ),
  escaping: () => <p title={`"quoted" & 'single' <tag>`}>{`<script>alert("x") & 'y'</script>`}</p>,
  cyrillic: () => (
    <div className="карточка" data-name="Ўзбекистон">
      Врач — {"кардиолог"} «высшей» категории
    </div>
  ),
  attributes: () => (
    <div
      id="x"
      className="a b"
      tabIndex={-1}
      hidden
      draggable
      spellCheck={false}
      aria-hidden={true}
      data-flag={false}
      data-count={0}
      role="note"
      onClick={() => {}}
      suppressHydrationWarning
      {...{ unknownbool: true }}
      accessKey={undefined}
    />
  ),
  style: () => (
    <div style={{ marginTop: 4, zIndex: 2, opacity: 0.5, lineHeight: 1.2, flex: 1, width: 0, color: " red ", ["--gap" as string]: "8px", msTransform: "none", background: undefined, border: "" }} />
  ),
  urls: () => (
    <>
      <a href="">empty</a>
      <a href="javascript:alert(1)">js</a>
      <img src="" alt="" />
      <form action="/search" method="get" className="f">
        <input className="q" name="q" type="search" defaultValue="кардиолог" maxLength={200} />
        <input type="checkbox" name="agree" defaultChecked value="yes" />
        <input type="radio" checked={false} readOnly name="r" />
        <button name="go" type="submit" formMethod="post" className="b">
          Go
        </button>
      </form>
    </>
  ),
  select: () => (
    <select name="district" defaultValue="b" aria-label="d">
      <option value="">All</option>
      <option value="a">A</option>
      <option value="b">B</option>
      <optgroup label="g">
        <option>c</option>
      </optgroup>
    </select>
  ),
  selectMultiple: () => (
    <select multiple value={["a", "c"]} onChange={() => {}}>
      <option value="a">A</option>
      <option value="b">B</option>
      <option>c</option>
    </select>
  ),
  optgroupSelected: () => (
    <select name="kind" defaultValue="c" aria-label="k">
      <option value="a">A</option>
      <optgroup label="g">
        <option value="b">B</option>
        <option value="c">C</option>
      </optgroup>
      <optgroup label="h">
        <option>c</option>
      </optgroup>
    </select>
  ),
  // Inside a plain element the Go walker writes selects and options
  // (ssr/plainwalk.go); what it does not know goes back to host.
  selectInLabel: () => (
    <label>
      District{" "}
      <select name="district" defaultValue="b" aria-label="d">
        <option value="">All</option>
        <option value="a">A &amp; co</option>
        <option value="b">B</option>
        <optgroup label="g">
          <option>b</option>
        </optgroup>
      </select>
    </label>
  ),
  selectInDivByText: () => (
    <div>
      <select value="c" onChange={() => {}} required disabled={false}>
        <option>a</option>
        <option disabled>c</option>
        <option value={3 as unknown as string}>three</option>
        {["d", "e"].map((x) => (
          <option key={x} value={x} label={x.toUpperCase()}>
            {x}
          </option>
        ))}
      </select>
    </div>
  ),
  selectNumberInParagraph: () => (
    <p>
      <select defaultValue={2 as unknown as string}>
        <option value="1">1</option>
        <option value="2">2</option>
        <option>{"2"}</option>
      </select>
    </p>
  ),
  selectMultipleInDiv: () => (
    <div>
      <select multiple defaultValue={["a", "c"]}>
        <option value="a">A</option>
        <option value="b">B</option>
        <option value="c">C</option>
      </select>
    </div>
  ),
  optionSelectedInDiv: () => (
    <div>
      <select name="s">
        <option value="x">x</option>
        <option value="y" selected>
          y
        </option>
      </select>
      <option value="alone">alone</option>
    </div>
  ),
  optionSelected: () => (
    <datalist id="l">
      <option value="x" selected>
        x
      </option>
    </datalist>
  ),
  textarea: () => (
    <>
      <textarea name="t" defaultValue={"\nfirst line & <b>"} rows={3} cols={0} />
      <textarea value="v" readOnly />
    </>
  ),
  pre: () => (
    <>
      <pre>{"\nindented"}</pre>
      <pre dangerouslySetInnerHTML={{ __html: "\n<b>raw</b>" }} />
    </>
  ),
  innerHTML: () => <div dangerouslySetInnerHTML={{ __html: "<em>kept</em> as is" }} />,
  svg: () => (
    <svg viewBox="0 0 24 24" width="24" height="24" focusable="false" aria-hidden="true" xmlnsXlink="http://www.w3.org/1999/xlink">
      <title>Icon</title>
      <path fill="currentColor" strokeWidth={2} strokeLinecap="round" fillRule="evenodd" d="M0 0h24v24H0z" />
      <use xlinkHref="#a" />
      <foreignObject>
        <p>inside</p>
      </foreignObject>
    </svg>
  ),
  scriptAndStyle: () => (
    <div>
      <script type="application/json" dangerouslySetInnerHTML={{ __html: '{"a":"<\\/script>"}' }} />
      before
      <script id="props" data-island-props="Menu0-" nonce="n" type="application/json" dangerouslySetInnerHTML={{ __html: '{"имя":"Ёж & <b>"}' }} />
      after
      <script>{"var a = '</script>';"}</script>
      <style>{".a{color:red}</style>"}</style>
    </div>
  ),
  voids: () => (
    <p>
      a<br />b<hr />
      <wbr />
      <input type="text" disabled={false} required />
    </p>
  ),
  components: () => (
    <Theme.Provider value="dark">
      <Themed />
      <Theme value="nested">
        <Themed />
      </Theme>
      <Theme.Consumer>{(v) => <u>{v}</u>}</Theme.Consumer>
      <WithContext />
      {Theme as unknown as ReactNode}
      <Legacy />
      <Legacy name="given">child</Legacy>
      <Memo text="memo" />
      <Forwarded label="field" />
    </Theme.Provider>
  ),
  outsideProvider: () => <Themed />,
  table: () => (
    <table>
      <caption>c</caption>
      <thead>
        <tr>
          <th colSpan={2} rowSpan={1} scope="col">
            h
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>1</td>
          <td>{2}</td>
        </tr>
      </tbody>
    </table>
  ),
  details: () => (
    <details open>
      <summary>s</summary>
      <dialog open={false}>d</dialog>
    </details>
  ),
  media: () => (
    <>
      <video controls autoPlay muted playsInline loop src="/v.mp4" />
      <iframe allowFullScreen loading="lazy" src="/frame" title="f" />
      <a download href="/f.pdf">f</a>
      <a download="name.pdf" href="/f.pdf">
        f
      </a>
      <label htmlFor="x">label</label>
      <meta itemProp="name" content="in place" />
      <ol start={3} reversed>
        <li value={5}>v</li>
      </ol>
    </>
  ),
  document: () => (
    <html lang="ru" data-x="">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <link rel="icon" href="/i.svg" />
        <link rel="stylesheet" href="/s.css" />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: "{}" }} />
      </head>
      <body className="b">
        <title>Page — «title»</title>
        <meta name="description" content="d &amp; e" />
        <link rel="canonical" href="/page" />
        <p>
          text
          <meta property="og:title" content="inline" />
          more
        </p>
        <img src="/a.jpg" alt="eager" />
        <img src="/lazy.jpg" alt="lazy" loading="lazy" />
        <img src="data:image/png;base64,AAAA" alt="data" />
        <img srcSet="/b.jpg 1x, /b2.jpg 2x" sizes="100vw" alt="set" fetchPriority="high" />
        <picture>
          <source srcSet="/c.webp" type="image/webp" />
          <img src="/c.jpg" alt="in picture" />
        </picture>
        <noscript>
          <img src="/n.jpg" alt="noscript" />
        </noscript>
        <svg>
          <title>svg title stays</title>
        </svg>
        <link rel="modulepreload" href="/m.js" />
        <script type="module" src="/entry.js" async />
        <script type="module" src="/entry.js" async />
        <script src="/classic.js" async />
        <script src="/blocking.js" />
      </body>
    </html>
  ),
  // Meta and link elements, which the engine writes in Go (ssr/plainwalk.go
  // voidTag) when it knows every prop: escapes, numbers, booleans, empty
  // and script hrefs, aliases, functions; and props it leaves to the script.
  headTags: () => (
    <html lang="uz">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="x-ua-compatible" content="ie=edge" />
        <meta name="description" content={'Шифокор «Барака» & \'сыновья\' <b>"q"</b>'} />
        <meta property="og:image:width" content={1200 as unknown as string} />
        <meta name="flag" content={true as unknown as string} id={undefined} title={null as unknown as string} />
        <meta name="fn" content="c" onLoad={() => {}} />
        <meta name="odd" content="c" data-x="1" />
        <meta name="styled" content="c" style={{ color: "red" }} />
        <link rel="canonical" href="/page?a=1&b=«2»" />
        <link rel="alternate" hrefLang="x-default" href="https://sogliq.uz/" type="text/html" />
        <link rel="icon" href="" sizes="32x32" />
        <link rel="prefetch" href={"javascript:alert(1)"} />
        <link rel="preconnect" href="https://cdn.example" crossOrigin="anonymous" />
        <link rel="preload" as="font" href="/f.woff2" crossOrigin="" type="font/woff2" fetchPriority="low" />
        <link rel="stylesheet" href="/s.css" media="print" title="Печать" />
        <link rel="author" href={42 as unknown as string} />
      </head>
      <body>
        <p>body</p>
      </body>
    </html>
  ),
  // Helmet's props form (Render.helmet) and its children form (Helmet's
  // own class path).
  helmet: () => (
    <html lang="ru">
      <head />
      <body>
        <Helmet
          title="Врачи «Барака»"
          titleTemplate="%s | Sog'liq"
          titleAttributes={{ itemprop: "name", lang: "ru" }}
          base={{ href: "/base/", target: "_blank" }}
          meta={[
            { charset: "utf-8" },
            { "http-equiv": "x-ua-compatible", content: "ie=edge" },
            { name: "description", content: "d & «e»" },
            { property: "og:title", content: "t", key: "k" },
          ]}
          link={[{ rel: "canonical", href: "/page" }, { rel: "alternate", hrefLang: "uz", href: "/uz/page" }]}
          script={[{ type: "application/ld+json", innerHTML: '{"a":"</script>"}' }, { src: "/s.js" }]}
          style={[{ cssText: "p { color: red }" }]}
          noscript={[{ innerHTML: "<img src=x>" }]}
        />
        <p>body</p>
        <Helmet defaultTitle="fallback" meta={[{ name: "robots", content: "noindex" }]} />
        <span>
          before
          <Helmet
            meta={[{ property: "og:locale", content: "ru_RU" }, { charSet: "utf-8" }, { name: "viewport", content: "width=device-width" }, { itemProp: "name", content: "in place" }]}
            link={[
              { rel: "stylesheet", href: "/a.css" },
              { rel: "icon", href: "" },
              { rel: "preconnect", href: "https://cdn.example", crossOrigin: "anonymous" },
              { rel: "alternate", hrefLang: "x-default", href: "/?a=1&b=«2»" },
            ]}
          />
          after
        </span>
        <Helmet>
          <title>child title</title>
          <meta name="keywords" content="a, b" />
        </Helmet>
      </body>
    </html>
  ),
  // Fragments below plain elements: the Go walker writes their children.
  fragmentsInPlain: () => (
    <div>
      a
      <>
        {"b"}
        {1}
        <span>c</span>
      </>
      <StrictMode>
        <>d</>
        e
      </StrictMode>
      <Profiler id="p" onRender={() => {}}>
        <i>f</i>
      </Profiler>
      <p>
        {[<Fragment key="x">g</Fragment>, "h"]}
      </p>
    </div>
  ),
  // Lazy images below plain elements: the Go walker writes them (plainwalk.go lazyImage).
  lazyImages: () => (
    <div className="cards">
      <img src="/a.jpg" srcSet="/a.jpg 1x, /a2.jpg 2x" width={96} height={96} alt="«Барака» & 'сыновья'" decoding="async" loading="lazy" />
      <img src="" alt="" loading="lazy" />
      <p>
        text
        <img className="c" src="/b.jpg" alt="x" loading="lazy" fetchPriority="low" sizes="50vw" />
        more
      </p>
      <span>
        <img src="/c.jpg" alt="eager beside lazy" loading="lazy" crossOrigin="anonymous" />
      </span>
    </div>
  ),
  manyImages: () => (
    <html>
      <head />
      <body>
        {Array.from({ length: 12 }, (_, i) => (
          <img key={i} src={`/img${i}.jpg`} alt="" />
        ))}
        <img src="/img0.jpg" alt="again" />
        <img src="/img11.jpg" alt="again, now high" fetchPriority="high" />
        <script src="/late.js" async />
      </body>
    </html>
  ),
};

/** templateCount is how many templates the bundle's modules hold (ssr/templates.go), 0 with none. */
export function templateCount(): number {
  return templateDefs();
}

/** both renders case name with React and with staticRender, in that order. */
export function both(name: string): [string, string] {
  const make = cases[name];
  return [renderToString(<>{make()}</>), renderStatic(<>{make()}</>)];
}

function Labelled({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

function Stateful({ start }: { start: number }) {
  const [n] = useState(start);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <button ref={ref} type="button" aria-pressed={n > 1}>
      {n} {n === 1 ? "time" : "times"}
    </button>
  );
}

/** WithEffectEvent calls a hook the static renderer's dispatcher lacks. */
function WithEffectEvent({ text }: { text: string }) {
  const onShow = useEffectEvent(() => text.length);
  useEffect(() => void onShow(), []);
  return <em className="effect-event">{text}</em>;
}

/** WithFormStatus calls react-dom's useFormStatus (the dispatcher's useHostTransitionStatus). */
function WithFormStatus() {
  const { pending } = useFormStatus();
  return <button type="submit" disabled={pending}>Send</button>;
}

/** islands are roots rendered by renderIsland, as island.tsx renders them. */
export const islands: Record<string, () => ReactNode> = {
  stateful: () => <Stateful start={2} />,
  withId: () => <Labelled label="Имя" />,
  // Hooks the static renderer does not know: React renders them.
  effectEvent: () => <WithEffectEvent text="Текст" />,
  formStatus: () => <WithFormStatus />,
};

/** bothIsland renders island name with React's renderToString and with renderIsland. */
export function bothIsland(name: string): [string, string] {
  const make = islands[name];
  return [renderToString(<>{make()}</>, { identifierPrefix: "Island0-" }), renderIsland(<>{make()}</>, "Island0-")];
}

/**
 * htmlKeyed are islands that key their fragment by less than their props
 * (island.tsx htmlKey), each with two props that share the key and differ
 * elsewhere: sameKeySameHTML renders both with React.
 */
export const htmlKeyed: Record<string, [HTMLKeyed<any>, object, object]> = {
  RegionPicker: [
    RegionPicker,
    { lang: "ru", current: { slug: "bukhara", name: "Бухара" }, regions: [{ slug: "bukhara", name: "Бухара", path: "/doctors" }] },
    {
      lang: "ru",
      current: { slug: "bukhara", name: "Бухара" },
      regions: [
        { slug: "bukhara", name: "Бухара", path: "/doctors/kardiolog" },
        { slug: "samarkand", name: "Самарканд", path: "/samarkand/doctors/kardiolog" },
      ],
      promptLabels: { question: "?", confirm: "Да", other: "Другой", choose: "Выбрать" },
    },
  ],
};

/** sameKeySameHTML renders htmlKeyed island name with both its props: [key, key, html, html]. */
export function sameKeySameHTML(name: string): [string, string, string, string] {
  const [Island, a, b] = htmlKeyed[name];
  const key = (p: object) => JSON.stringify(Island.htmlKey!(p));
  const html = (p: object) => renderToString(<Island {...p} />, { identifierPrefix: "Island0-" });
  return [key(a), key(b), html(a), html(b)];
}

/** unsupported lists what staticRender refuses: each throws. */
export const unsupported: Record<string, () => ReactNode> = {
  customElement: () => createElement("my-widget"),
  hoistedOutsideDocument: () => <title>t</title>,
  functionAction: () => <form action={() => {}} />,
  useId: () => <Labelled label="l" />,
  stylePrecedence: () => (
    <style href="s" precedence="default">
      {".a{}"}
    </style>
  ),
  stylesheetPrecedence: () => <link rel="stylesheet" href="/s.css" precedence="default" />,
  suspense: () => (
    <Suspense fallback="…">
      <p />
    </Suspense>
  ),
  useEffectEvent: () => <WithEffectEvent text="x" />,
  useFormStatus: () => (
    <form>
      <WithFormStatus />
    </form>
  ),
};

/** refuse renders an unsupported case with staticRender: "" when it renders, else the error, "Unsupported: " first when it is one. */
export function refuse(name: string): string {
  return refusal(() => renderStatic(unsupported[name]()));
}

function refusal(render: () => string): string {
  try {
    render();
    return "";
  } catch (e) {
    return (e instanceof Unsupported ? "Unsupported: " : "") + String((e as Error).message);
  }
}

/** invalid are elements React itself refuses to render: staticRender refuses them too, with no fallback. */
export const invalid: Record<string, () => ReactNode> = {
  innerHTMLWithChildren: () => <div dangerouslySetInnerHTML={{ __html: "<b>x</b>" }}>y</div>,
  innerHTMLWithChildrenInOption: () => (
    <select defaultValue="a">
      <option value="a" dangerouslySetInnerHTML={{ __html: "A" }}>
        A
      </option>
    </select>
  ),
  innerHTMLNotAnObject: () => <p dangerouslySetInnerHTML={"<b>x</b>" as unknown as { __html: string }} />,
  innerHTMLOnTextarea: () => <textarea dangerouslySetInnerHTML={{ __html: "x" }} />,
};

/** refuseInvalid renders invalid case name both ways: each error as refuse writes it. */
export function refuseInvalid(name: string): [string, string] {
  return [refusal(() => renderToString(<>{invalid[name]()}</>)), refusal(() => renderStatic(<>{invalid[name]()}</>))];
}

const EffectEventCard = fragment("test-card", (p: { text: string }) => "card:" + p.text, WithEffectEvent);

/**
 * cardFallback renders a page holding a card the static renderer cannot
 * write, with the engine's fragment store and fallback counter stood in:
 * the card's HTML kept (React's), the page's HTML, and the fallbacks
 * counted.
 */
export function cardFallback(): [string, string, string] {
  const g = globalThis as Record<string, unknown>;
  const kept: string[] = [];
  const fallbacks: string[] = [];
  g.__fragmentKey = (kind: string, json: string) => kind + json;
  g.__fragmentGet = () => -1;
  g.__fragmentPut = (_key: string, _tag: string, html: string) => kept.push(html) - 1;
  g.__renderFallback = (kind: string) => fallbacks.push(kind);
  try {
    const page = renderStatic(
      <main>
        <EffectEventCard text="Карточка" />
      </main>,
    );
    return [kept.join("|"), page, fallbacks.join(",")];
  } finally {
    for (const name of ["__fragmentKey", "__fragmentGet", "__fragmentPut", "__renderFallback"]) delete g[name];
  }
}

/** cardHTML is React's HTML of the card cardFallback renders. */
export function cardHTML(): string {
  return renderToString(<WithEffectEvent text="Карточка" />);
}
