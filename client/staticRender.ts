// staticRender writes a page's React elements as HTML, the same bytes as
// react-dom/server's renderToString for the elements our pages use, at a
// fraction of its cost in goja: pages never hydrate as a whole (only
// islands do, each its own root: renderIsland below), so they need none
// of Fizz's tasks, segments, key paths or useId tree.
//
// What it mirrors of React 19's server renderer
// (react-dom-server-legacy.browser.production.js): attribute serialisation
// (pushAttribute), text separators (<!-- --> between adjacent texts), the
// document's preamble (<meta charSet>, viewport, image preloads, async
// scripts, then title/meta/link hoisted from anywhere, then <head>'s own
// children) and the special elements (a, input, select/option, textarea,
// pre, img, svg, noscript, picture). What it does not support it refuses
// with an error naming the element (Suspense, lazy, forms with function
// actions, stylesheets with precedence, a hook it does not know), and the
// server entry renders that page with React instead; an island and a card
// fall back the same way (renderIsland, renderCard), and the engine counts
// each fallback (sogliq_ssr_static_fallbacks_total). TestStaticRenderMatchesReact (server/site)
// compares it with renderToString on every route, TestStaticRenderCases
// (client) on the elements of staticRender.cases.tsx.
import * as React from "react";
import { renderToString } from "react-dom/server";
import { jsx } from "react/jsx-runtime";
import { Helmet } from "react-helmet-async";
import { lookupTable } from "./lib/lookup";

const ELEMENT = Symbol.for("react.transitional.element");
const LEGACY_ELEMENT = Symbol.for("react.element");
const PORTAL = Symbol.for("react.portal");
const FRAGMENT = Symbol.for("react.fragment");
const STRICT_MODE = Symbol.for("react.strict_mode");
const PROFILER = Symbol.for("react.profiler");
const CONTEXT = Symbol.for("react.context");
const CONSUMER = Symbol.for("react.consumer");
const FORWARD_REF = Symbol.for("react.forward_ref");
const MEMO = Symbol.for("react.memo");

/** The hooks a page's components may call while rendering statically. */
interface Dispatcher {
  readContext(ctx: Ctx): unknown;
  use(usable: unknown): unknown;
  useContext(ctx: Ctx): unknown;
  useMemo<T>(create: () => T): T;
  useCallback<T>(fn: T): T;
  useState<T>(initial: T | (() => T)): [T, () => void];
  useReducer<S>(reducer: unknown, initialArg: S, init?: (arg: S) => S): [S, () => void];
  useRef<T>(initial: T): { current: T };
  useEffect(): void;
  useLayoutEffect(): void;
  useInsertionEffect(): void;
  useImperativeHandle(): void;
  useDebugValue(): void;
  useId(): string;
  useSyncExternalStore<T>(subscribe: unknown, getSnapshot: () => T, getServerSnapshot?: () => T): T;
  useTransition(): [boolean, (fn: () => void) => void];
  useDeferredValue<T>(value: T, initial?: T): T;
  useOptimistic<T>(value: T): [T, () => void];
  useActionState<S>(action: unknown, initial: S): [S, () => void, boolean];
  useFormState<S>(action: unknown, initial: S): [S, () => void, boolean];
}

interface Ctx {
  $$typeof: symbol;
  _currentValue: unknown;
  _context?: Ctx;
}

interface Element {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
}

const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { H: unknown } })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

// Where an element stands, as React's format context: in <svg> or <math>
// nothing hoists; in <noscript> nothing hoists or preloads; in <picture> no
// image preloads; inside <select> its value marks the options.
const IN_SVG = 1;
const IN_NOSCRIPT = 2;
const IN_PICTURE = 4;

/**
 * Out is where a render writes: an array of strings, or the engine's sink
 * (__goSink, ssr/sink.go), which holds the text in Go, so that the Go
 * writers append to it as it is and a card's or page's HTML reaches Go
 * without a join into one UTF-16 string here.
 */
export interface Out {
  push(...texts: string[]): unknown;
  unshift(...texts: string[]): unknown;
  join(separator: string): string;
}

declare function __goSink(): Out;
const goSink = typeof __goSink === "function" ? __goSink : null;

// react-helmet-async 3.0.0 (package.json pins it) renders its tags in place
// from React 19 on, their attribute names mapped from HTML's to React's
// (its REACT_TAG_MAP). TestStaticRenderCases compares Render.helmet with it.
const HELMET_IN_PLACE = parseInt(React.version, 10) >= 19;
const HELMET_NAMES = lookupTable({
  accesskey: "accessKey",
  charset: "charSet",
  class: "className",
  contenteditable: "contentEditable",
  contextmenu: "contextMenu",
  "http-equiv": "httpEquiv",
  itemprop: "itemProp",
  tabindex: "tabIndex",
});

/**
 * helmetAttributes are the props Helmet gives the element of one tag's
 * attributes: names mapped (HELMET_NAMES), inner (innerHTML, cssText) as
 * dangerouslySetInnerHTML, and what createElement keeps out of props
 * (key, __self, __source) left out. Attributes that need none of it are
 * the props themselves, uncopied.
 */
function helmetAttributes(attributes: unknown, inner: string): Record<string, unknown> {
  const from = attributes as Record<string, unknown>;
  const keys = Object.keys(from);
  let copy = false;
  for (let i = 0; i < keys.length && !copy; i++) {
    const k = keys[i];
    copy = HELMET_NAMES[k] !== undefined || (k === inner && inner !== "") || k === "key" || k === "__self" || k === "__source";
  }
  if (!copy) return from;
  const props: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if ((k === inner && inner !== "") || k === "key" || k === "__self" || k === "__source") continue;
    props[HELMET_NAMES[k] ?? k] = from[k];
  }
  if (inner !== "" && from[inner]) props.dangerouslySetInnerHTML = { __html: from[inner] };
  return props;
}

/** Unsupported is what renderStatic throws for an element it does not write. */
export class Unsupported extends Error {}

/** Hoists are what a document's elements put into <head>, in React's groups. */
class Hoists {
  charset: string[] = [];
  viewport: string[] = [];
  highImages: string[] = [];
  scripts: string[] = [];
  bulkPreloads: string[] = [];
  hoisted: string[] = [];
  /** imageKeys are the images preloaded: the late preload's HTML, or null once it is among the first. */
  imageKeys = new Map<string, string | null>();
  scriptKeys = new Set<string>();
  moduleKeys = new Set<string>();
}

/** Render is one document's state: its output and what hoists into <head>. */
class Render {
  out: Out = goSink !== null ? goSink() : [];
  lastText = false;
  scope = 0;
  selected: unknown = null;
  // Made by the first provider: most cards have none.
  contexts: Map<Ctx, unknown> | null = null;

  htmlStart: string[] | null = null;
  headStart: string[] | null = null;
  headChildren: string[] | null = null;
  bodyStart: string[] | null = null;
  /** hoists is what goes into <head>, made by the first that does: a card has none. */
  hoists: Hoists | null = null;

  /** reuse readies a spent render for the next: a new output, nothing provided, hoisted or open. */
  reuse(): this {
    this.out = goSink !== null ? goSink() : [];
    this.lastText = false;
    this.scope = 0;
    this.selected = null;
    this.contexts = null;
    this.htmlStart = this.headStart = this.headChildren = this.bodyStart = null;
    this.hoists = null;
    return this;
  }

  /** release lets go of what the render made (its output is its caller's now). */
  release(): void {
    this.out = released;
    this.contexts = null;
    this.htmlStart = this.headStart = this.headChildren = this.bodyStart = null;
    this.hoists = null;
  }

  node(node: unknown): void {
    if (node === null || node === undefined || typeof node === "boolean") return;
    if (typeof node === "string") return this.text(node);
    if (typeof node === "number" || typeof node === "bigint") return this.text("" + node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) this.node(node[i]);
      return;
    }
    if (typeof node === "object") {
      const el = node as Element;
      if (el.$$typeof === ELEMENT || el.$$typeof === LEGACY_ELEMENT) {
        // A template's element held in Go is written from there, its props never made.
        if (el.type === Template && goTemplateElement !== null && goTemplateElement(this, el)) return;
        return this.element(el.type, el.props);
      }
      if (el.$$typeof === PORTAL) throw new Unsupported("portals");
      if (typeof (node as { then?: unknown }).then === "function") throw new Unsupported("a promise as a child");
      if (typeof (node as Iterable<unknown>)[Symbol.iterator] === "function") {
        for (const child of node as Iterable<unknown>) this.node(child);
        return;
      }
      if (el.$$typeof === CONTEXT) return this.node(this.read(node as unknown as Ctx));
      throw new Error("Objects are not valid as a React child (found: object with keys {" + Object.keys(node).join(", ") + "})");
    }
    // Functions and symbols render nothing, as in React.
  }

  text(s: string): void {
    if (s === "") return;
    if (this.lastText) this.out.push("<!-- -->");
    this.out.push(escapeText(s));
    this.lastText = true;
  }

  element(type: unknown, props: Record<string, unknown>): void {
    if (typeof type === "string") return this.host(type, props);
    if (typeof type === "function") {
      if (type === Template) {
        // Written in Go; a runtime without the engine's globals walks
        // the elements the template came from.
        const d = props.d as TemplateDef;
        if (d.id >= 0 && goTemplate !== null) return goTemplate(this, d.id, props as unknown as unknown[]);
        return this.node(rebuild(d.tree, props as unknown as unknown[]));
      }
      if (type === Helmet && HELMET_IN_PLACE && props.children == null) return this.helmet(props);
      const proto = (type as { prototype?: { isReactComponent?: unknown } }).prototype;
      if (proto && proto.isReactComponent) return this.classComponent(type as new (props: unknown) => { render(): unknown; props: unknown; state?: unknown }, props);
      return this.node((type as (props: unknown) => unknown)(props));
    }
    if (type === FRAGMENT || type === STRICT_MODE || type === PROFILER) return this.node(props.children);
    if (typeof type === "object" && type !== null) {
      const t = type as { $$typeof: symbol; render?: (props: unknown, ref: unknown) => unknown; type?: unknown; _context?: Ctx };
      switch (t.$$typeof) {
        case CONTEXT:
          return this.provide(type as Ctx, props.value, props.children);
        case CONSUMER: {
          const render = props.children as (value: unknown) => unknown;
          return this.node(render(this.read(t._context as Ctx)));
        }
        case FORWARD_REF:
          return this.node(t.render!(props, props.ref ?? null));
        case MEMO:
          return this.element(t.type, props);
      }
    }
    throw new Unsupported("element type " + describe(type));
  }

  classComponent(type: new (props: unknown) => { render(): unknown; props: unknown; state?: unknown }, props: Record<string, unknown>): void {
    const Type = type as unknown as { defaultProps?: Record<string, unknown>; getDerivedStateFromProps?: (p: unknown, s: unknown) => unknown; contextType?: Ctx; contextTypes?: unknown };
    if (Type.defaultProps) props = { ...Type.defaultProps, ...props };
    if (Type.contextTypes) throw new Unsupported("legacy contextTypes");
    const context = Type.contextType ? this.read(Type.contextType) : {};
    const instance = new (type as unknown as new (p: unknown, c: unknown) => object)(props, context) as { render(): unknown; props: unknown; context: unknown; state?: unknown; UNSAFE_componentWillMount?: () => void; componentWillMount?: () => void };
    instance.props = props;
    instance.context = context;
    if (instance.state === undefined) instance.state = null;
    if (Type.getDerivedStateFromProps) {
      const partial = Type.getDerivedStateFromProps(props, instance.state);
      if (partial !== null && partial !== undefined) instance.state = { ...(instance.state as object), ...(partial as object) };
    }
    if (instance.UNSAFE_componentWillMount || instance.componentWillMount) throw new Unsupported("componentWillMount");
    this.node(instance.render());
  }

  /**
   * helmet writes what react-helmet-async's Helmet renders on React 19 from
   * its props form: its React19Dispatcher's title, base, meta, link,
   * script, style and noscript elements, in that order, in place (where
   * they hoist as React hoists them). Its class path makes two component
   * instances and copies every tag's props twice: a fifth of a listing's
   * render. Children (Helmet's other form) take that path.
   */
  helmet(props: Record<string, unknown>): void {
    const { title, titleTemplate, defaultTitle } = props;
    const text = title && titleTemplate ? (titleTemplate as string).replace(/%s/g, () => (Array.isArray(title) ? title.join("") : String(title))) : title || defaultTitle || undefined;
    if (text !== undefined) {
      const attributes = props.titleAttributes == null ? {} : { ...helmetAttributes(props.titleAttributes, "") };
      attributes.children = text;
      this.host("title", attributes);
    }
    if (props.base) this.host("base", helmetAttributes(props.base, ""));
    this.helmetTags("meta", props.meta, "");
    this.helmetTags("link", props.link, "");
    this.helmetTags("script", props.script, "innerHTML");
    this.helmetTags("style", props.style, "cssText");
    this.helmetTags("noscript", props.noscript, "innerHTML");
  }

  /**
   * helmetTags writes Helmet's tags of one kind; inner names the prop that
   * holds their content. A meta or link that hoists among the head's tags
   * with attributes Helmet passes as they are is written whole by Go
   * (__goHelmetTag); the rest as Helmet makes them.
   */
  helmetTags(tag: string, list: unknown, inner: string): void {
    if (!Array.isArray(list)) return;
    const fast = goHelmetTag !== null && inner === "" && (this.scope & (IN_SVG | IN_NOSCRIPT)) === 0;
    for (let i = 0; i < list.length; i++) {
      const html = fast ? goHelmetTag(tag, list[i]) : null;
      if (html === null) {
        this.host(tag, helmetAttributes(list[i], inner));
        continue;
      }
      // As hoist writes it.
      if (this.lastText) this.out.push("<!-- -->");
      this.lastText = false;
      (this.hoists ??= new Hoists()).hoisted.push(html);
    }
  }

  provide(ctx: Ctx, value: unknown, children: unknown): void {
    const contexts = (this.contexts ??= new Map<Ctx, unknown>());
    const had = contexts.has(ctx);
    const prev = contexts.get(ctx);
    contexts.set(ctx, value);
    try {
      this.node(children);
    } finally {
      if (had) contexts.set(ctx, prev);
      else contexts.delete(ctx);
    }
  }

  read(ctx: Ctx): unknown {
    const contexts = this.contexts;
    return contexts !== null && contexts.has(ctx) ? contexts.get(ctx) : ctx._currentValue;
  }

  /** host writes an element of the DOM: its tag, attributes and children. */
  host(tag: string, props: Record<string, unknown>): void {
    if (PLAIN[tag] === true) return this.plain(tag, props);
    // Links and buttons are plain but for a few props (href="", a
    // button's form fields), which __goPlain leaves to the code below.
    if (goPlain !== null && (tag === "a" || tag === "button") && goPlain(this, tag, props)) return;
    const inSVG = (this.scope & IN_SVG) !== 0;
    if (!inSVG && (this.scope & IN_NOSCRIPT) === 0 && props.itemProp == null) {
      if (tag === "title" || tag === "meta" || (tag === "link" && this.hoistLink(props)) || (tag === "script" && this.scriptResource(props))) {
        this.hoist(tag, props);
        return;
      }
      if (tag === "style" && typeof props.precedence === "string" && typeof props.href === "string" && props.href !== "") {
        throw new Unsupported("a style with precedence");
      }
    }
    if (tag === "img" && !inSVG) this.preloadImage(props);
    switch (tag) {
      case "html":
        if (this.htmlStart === null) return this.singleton(tag, props, (this.htmlStart = []));
        break;
      case "head":
        if (this.headStart === null) {
          this.headStart = [];
          this.headChildren = [];
          return this.singleton(tag, props, this.headStart, this.headChildren);
        }
        break;
      case "body":
        if (this.bodyStart === null) return this.singleton(tag, props, (this.bodyStart = []));
        break;
    }
    if (tag.indexOf("-") !== -1) throw new Unsupported("custom element <" + tag + ">");
    const out = this.out;
    out.push("<", tag);
    let children: unknown = null;
    let inner: unknown = null;
    let value: unknown = null;
    let defaultValue: unknown = null;
    let checked: unknown = null;
    let defaultChecked: unknown = null;
    let selected: unknown = null;
    // React writes a form's action and its fields' name and form* props
    // after the others, in its own order.
    let late: Record<string, unknown> | null = null;
    const special = PROP_TAGS[tag] === true;
    // Object.keys and an index cost goja less than for...in's iterator.
    const keys = Object.keys(props);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const v = props[key];
      if (v === null || v === undefined) continue;
      switch (key) {
        case "children":
          children = v;
          continue;
        case "dangerouslySetInnerHTML":
          inner = v;
          continue;
      }
      if (special) switch (tag) {
        case "input":
          if (key === "value") { value = v; continue; }
          if (key === "defaultValue") { defaultValue = v; continue; }
          if (key === "checked") { checked = v; continue; }
          if (key === "defaultChecked") { defaultChecked = v; continue; }
        // falls through
        case "button":
          if (FORM_ACTION[key] === true) {
            if (typeof v === "function") throw new Unsupported("a function as <" + tag + "> " + key);
            (late ??= {})[key] = v;
            continue;
          }
          break;
        case "form":
          if (FORM[key] === true) {
            if (typeof v === "function") throw new Unsupported("a function as <form> " + key);
            (late ??= {})[key] = v;
            continue;
          }
          break;
        case "select":
          if (key === "value" || key === "defaultValue") continue;
          break;
        case "textarea":
          if (key === "value") { value = v; continue; }
          if (key === "defaultValue") { defaultValue = v; continue; }
          break;
        case "option":
          if (key === "selected") { selected = v; continue; }
          if (key === "value") value = v;
          break;
        case "a":
          if (key === "href" && v === "") { out.push(' href=""'); continue; }
          break;
      }
      attribute(out, key, v);
    }
    if (late !== null) {
      for (const key of tag === "form" ? FORM_ORDER : FORM_ACTION_ORDER) if (late[key] != null) attribute(out, key, late[key]);
    }
    if (tag === "input") {
      if (checked !== null) { if (checked) out.push(' checked=""'); }
      else if (defaultChecked) out.push(' checked=""');
      if (value !== null) attribute(out, "value", value);
      else if (defaultValue !== null) attribute(out, "value", defaultValue);
    }
    if (tag === "option") this.optionSelected(out, value, children, selected);
    if (inner !== null && VOID[tag] !== true) {
      if (tag === "textarea") throw new Error("`dangerouslySetInnerHTML` does not make sense on <textarea>.");
      checkInnerHTML(inner, children);
    }
    if (VOID[tag] === true) {
      if (children != null || inner != null) throw new Error(tag + " is a void element tag and must neither have `children` nor use `dangerouslySetInnerHTML`.");
      out.push("/>");
      this.lastText = false;
      return;
    }
    out.push(">");
    if ((tag === "script" || tag === "style") && children !== null) {
      // React writes a script's or style's text unescaped, but for what
      // would close the element.
      const text = Array.isArray(children) ? (children.length < 2 ? children[0] : null) : children;
      if (tag === "script" && typeof children !== "string") throw new Unsupported("a script with children other than text");
      if (text !== null && text !== undefined && typeof text !== "function" && typeof text !== "symbol") {
        out.push(tag === "script" ? ("" + text).replace(scriptEnd, (_m, pre, s, suf) => pre + (s === "s" ? "\\u0073" : "\\u0053") + suf) : ("" + text).replace(styleEnd, (_m, pre, s, suf) => pre + (s === "s" ? "\\73 " : "\\53 ") + suf));
      }
      if (inner !== null) out.push("" + (inner as { __html: unknown }).__html);
      out.push("</", tag, ">");
      this.lastText = false;
      return;
    }
    if (tag === "textarea") {
      let text = value ?? defaultValue;
      if (children != null) text = Array.isArray(children) ? "" + children[0] : "" + children;
      if (typeof text === "string" && text[0] === "\n") out.push("\n");
      if (text !== null) out.push(escapeText("" + text));
      out.push("</textarea>");
      this.lastText = false;
      return;
    }
    if (inner !== null) {
      const html = (inner as { __html?: unknown }).__html;
      if (html !== null && html !== undefined) {
        const s = "" + html;
        out.push((tag === "pre" || tag === "listing") && s[0] === "\n" ? "\n" + s : s);
      }
    } else if ((tag === "pre" || tag === "listing") && typeof children === "string" && children[0] === "\n") {
      out.push("\n");
    }
    this.lastText = false;
    if (typeof children === "string") {
      out.push(escapeText(children));
    } else if (children !== null) {
      this.children(tag, props, children);
    }
    out.push("</", tag, ">");
    this.lastText = false;
  }

  /**
   * plain writes an element of PLAIN: what host does, without the checks
   * that cannot apply to it (hoisting, preloads, form fields, scopes,
   * void and raw-text elements), which most of a page's elements pay for
   * nothing.
   */
  plain(tag: string, props: Record<string, unknown>): void {
    if (goPlain !== null && goPlain(this, tag, props)) return;
    openTag(this.out, tag, props);
    this.afterStart(tag, "", opened.children, opened.inner);
  }

  /** afterStart ends a plain element whose start (<tag and attributes) is written or is start. */
  afterStart(tag: string, start: string, children: unknown, inner: unknown): void {
    const out = this.out;
    out.push(start, ">");
    this.lastText = false;
    if (inner !== null) {
      checkInnerHTML(inner, children);
      const html = (inner as { __html?: unknown }).__html;
      if (html !== null && html !== undefined) out.push("" + html);
    } else if (typeof children === "string") {
      out.push(escapeText(children));
    } else if (children !== null) {
      this.node(children);
    }
    out.push("</", tag, ">");
    this.lastText = false;
  }

  /** children renders an element's children in the scope the element opens. */
  children(tag: string, props: Record<string, unknown>, children: unknown): void {
    const scope = this.scope;
    const selected = this.selected;
    switch (tag) {
      case "svg":
      case "math":
        this.scope |= IN_SVG;
        break;
      case "foreignObject":
        this.scope &= ~IN_SVG;
        break;
      case "noscript":
        this.scope |= IN_NOSCRIPT;
        break;
      case "picture":
        this.scope |= IN_PICTURE;
        break;
      case "select":
        this.selected = props.value ?? props.defaultValue ?? null;
        break;
    }
    // React's format context carries a select's value to every option
    // below it (through <optgroup> and any other element) but for the
    // elements that open a context of their own.
    if (RESETS_SELECTED[tag] === true) this.selected = null;
    try {
      this.node(children);
    } finally {
      this.scope = scope;
      this.selected = selected;
    }
  }

  optionSelected(out: Out, value: unknown, children: unknown, selected: unknown): void {
    const chosen = this.selected;
    if (chosen !== null && chosen !== undefined) {
      let text = "";
      if (value !== null) text = "" + value;
      else React.Children.forEach(children as React.ReactNode, (child) => { if (child != null) text += child; });
      if (Array.isArray(chosen) ? chosen.some((c) => "" + c === text) : "" + chosen === text) out.push(' selected=""');
    } else if (selected) out.push(' selected=""');
  }

  /** singleton writes <html>, <head> or <body>'s start where React's preamble puts it. */
  singleton(tag: string, props: Record<string, unknown>, start: string[], into?: string[]): void {
    openTag(start, tag, props);
    const { children, inner } = opened;
    start.push(">");
    if (inner !== null) start.push("" + (inner as { __html: unknown }).__html);
    const out = this.out;
    if (into) this.out = into;
    this.lastText = false;
    try {
      this.node(children);
    } finally {
      this.out = out;
    }
    this.lastText = false;
  }

  hoistLink(props: Record<string, unknown>): boolean {
    if (typeof props.rel !== "string" || typeof props.href !== "string" || props.href === "") return false;
    if (props.rel === "stylesheet") {
      if (typeof props.precedence === "string" && props.disabled == null && !props.onLoad && !props.onError) throw new Unsupported("a stylesheet with precedence");
      return false;
    }
    return !props.onLoad && !props.onError;
  }

  scriptResource(props: Record<string, unknown>): boolean {
    const a = props.async;
    return typeof props.src === "string" && props.src !== "" && !!a && typeof a !== "function" && typeof a !== "symbol" && !props.onLoad && !props.onError;
  }

  /** hoist moves title, meta, link and async scripts into <head>, as React does. */
  hoist(tag: string, props: Record<string, unknown>): void {
    if (this.lastText) this.out.push("<!-- -->");
    this.lastText = false;
    const h = (this.hoists ??= new Hoists());
    switch (tag) {
      case "title":
        if (props.dangerouslySetInnerHTML != null) checkInnerHTML(props.dangerouslySetInnerHTML, props.children ?? null);
        return titleTag(h.hoisted, props);
      case "meta":
        return selfClosing(typeof props.charSet === "string" ? h.charset : props.name === "viewport" ? h.viewport : h.hoisted, "meta", props);
      case "link":
        return selfClosing(h.hoisted, "link", props);
      case "script": {
        const keys = props.type === "module" ? h.moduleKeys : h.scriptKeys;
        const src = props.src as string;
        if (keys.has(src)) return;
        keys.add(src);
        return scriptTag(h.scripts, props);
      }
    }
  }

  /** preloadImage adds the preload React writes into <head> for an eager image. */
  preloadImage(props: Record<string, unknown>): void {
    const src = props.src;
    const srcSet = props.srcSet;
    if (props.loading === "lazy" || (!src && !srcSet) || (typeof src !== "string" && src != null) || (typeof srcSet !== "string" && srcSet != null)) return;
    if (props.fetchPriority === "low" || (this.scope & (IN_PICTURE | IN_NOSCRIPT)) !== 0) return;
    if (isData(src) || isData(srcSet)) return;
    const sizes = typeof props.sizes === "string" ? props.sizes : undefined;
    const key = srcSet ? srcSet + "\n" + (sizes || "") : (src as string);
    const h = (this.hoists ??= new Hoists());
    const seen = h.imageKeys.get(key);
    if (seen !== undefined) {
      // A preload left among the late ones moves up as React moves it.
      if (seen !== null && (props.fetchPriority === "high" || h.highImages.length < 10)) {
        h.bulkPreloads.splice(h.bulkPreloads.indexOf(seen), 1);
        h.highImages.push(seen);
        h.imageKeys.set(key, null);
      }
      return;
    }
    const cross = props.crossOrigin;
    const link: string[] = [];
    selfClosing(link, "link", {
      rel: "preload",
      as: "image",
      href: srcSet ? undefined : src,
      imageSrcSet: srcSet,
      imageSizes: sizes,
      crossOrigin: typeof cross === "string" ? (cross === "use-credentials" ? cross : "") : undefined,
      integrity: props.integrity,
      type: props.type,
      fetchPriority: props.fetchPriority,
      referrerPolicy: props.referrerPolicy,
    });
    const html = link.join("");
    if (props.fetchPriority === "high" || h.highImages.length < 10) {
      h.highImages.push(html);
      h.imageKeys.set(key, null);
    } else {
      h.bulkPreloads.push(html);
      h.imageKeys.set(key, html);
    }
  }

  /**
   * document is the preamble, <head> and body in React's order: the
   * render's output, with the head put before the body (a sink's text
   * stays in Go; an array's is joined).
   */
  document(): string | Out {
    const h = this.hoists;
    if (this.htmlStart === null) {
      if (h !== null && h.charset.length + h.viewport.length + h.highImages.length + h.scripts.length + h.bulkPreloads.length + h.hoisted.length > 0) {
        throw new Unsupported("title, meta, link, async scripts or eager images outside a document");
      }
      return Array.isArray(this.out) ? this.out.join("") : this.out;
    }
    const head = h === null
      ? this.htmlStart.concat(this.headStart ?? "<head>", this.headChildren ?? [], "</head>", this.bodyStart ?? [])
      : this.htmlStart.concat(this.headStart ?? "<head>", h.charset, h.viewport, h.highImages, h.scripts, h.bulkPreloads, h.hoisted, this.headChildren ?? [], "</head>", this.bodyStart ?? []);
    this.out.push(this.bodyStart ? "</body></html>" : "</html>");
    if (Array.isArray(this.out)) return head.join("") + this.out.join("");
    // The head's parts go to the sink as they are: joined here, a head
    // with Cyrillic became one UTF-16 string, turned back into UTF-8.
    this.out.unshift.apply(this.out, head);
    return this.out;
  }
}

// Templates (ssr/templates.go): at bundle time the server bundle's trees of
// plain elements become ops, which tplDef turns into markup once, when the
// module loads, and tpl's element carries with the expressions (holes).
// The ops tplDef reads, each followed by its operands (a string is markup):
const OP_CONST_ATTR = 1; // name, value
const OP_ATTR = 2; // tag, name, hole
const OP_HREF = 3; // hole
const OP_TEXT = 4; // text
const OP_CHILD = 5; // hole

/**
 * A TemplateNode is a template's element as the JSX wrote it, for React
 * (Template): [tag, [name, isHole, valueOrHole, ...], [child, ...]], a
 * child being text, a hole's index or an element.
 */
type TemplateNode = [string, unknown[], unknown[]];

interface TemplateDef {
  /** ops are markup and holes (the Go writer's): OP_CONST_ATTR gone into the markup, OP_TEXT escaped. */
  ops: unknown[];
  tree: TemplateNode;
  /** id is the Go writer's number for ops (__goTemplateDef), -1 without it. */
  id: number;
  /** holes is how many holes a tpl call gives (its key follows them). */
  holes: number;
}

let defined = 0;

/** templateDefs is how many templates tplDef prepared (the tests' check that the compiler ran). */
export function templateDefs(): number {
  return defined;
}

/** tplDef prepares a template's ops once: constant attributes and texts become markup. */
export function tplDef(raw: unknown[], tree: TemplateNode, holes: number): TemplateDef {
  const ops: unknown[] = [];
  let markup: string[] = [];
  const flush = () => {
    if (markup.length > 0) ops.push(markup.join(""));
    markup = [];
  };
  for (let i = 0; i < raw.length; i++) {
    const op = raw[i];
    if (typeof op === "string") {
      markup.push(op);
      continue;
    }
    switch (op) {
      case OP_CONST_ATTR: {
        const name = raw[++i] as string;
        const v = raw[++i];
        if (v !== null && v !== undefined) attribute(markup, name, v);
        break;
      }
      case OP_TEXT:
        flush();
        ops.push(OP_TEXT, escapeText(raw[++i] as string));
        break;
      case OP_ATTR:
        flush();
        ops.push(OP_ATTR, raw[++i], raw[++i], raw[++i]);
        break;
      case OP_HREF:
      case OP_CHILD:
        flush();
        ops.push(op, raw[++i]);
        break;
      default:
        throw new Error("tplDef: unknown op " + String(op) + " (ssr/templates.go and staticRender.ts disagree)");
    }
  }
  flush();
  defined++;
  return { ops, tree, holes, id: goTemplateDef !== null ? goTemplateDef(ops, holes) : -1 };
}

/**
 * TemplateProps are a template element's props: its holes' values, the
 * array the compiled call made, carrying the template as d (one object
 * less for every template a render makes than props of their own).
 */
type TemplateProps = unknown[] & { d: TemplateDef };

/**
 * tpl is a template with its holes' values, then its key when the JSX
 * gave one (ssr/templates.go writes the calls): an element the static
 * renderer writes from its ops and React renders as the JSX it came from.
 * In the engine it is __goTpl (ssr/templatewalk.go), whose element is
 * held in Go; elsewhere the script makes it.
 */
export const tpl: (def: TemplateDef, ...holesThenKey: unknown[]) => React.ReactElement =
  typeof __goTpl === "function" ? __goTpl : scriptTpl;

function scriptTpl(def: TemplateDef, ...holesThenKey: unknown[]): React.ReactElement {
  const props = holesThenKey.slice(0, def.holes) as TemplateProps;
  props.d = def;
  return jsx(Template, props, holesThenKey.length > def.holes ? (holesThenKey[def.holes] as React.Key) : undefined);
}

/** Template rebuilds a template's elements for React (a fallback, or React rendering the page). */
function Template(props: TemplateProps): React.ReactNode {
  return rebuild(props.d.tree, props);
}

function rebuild(node: TemplateNode, h: unknown[]): React.ReactElement {
  const [tag, attrs, kids] = node;
  const props: Record<string, unknown> = {};
  for (let i = 0; i < attrs.length; i += 3) props[attrs[i] as string] = attrs[i + 1] ? h[attrs[i + 2] as number] : attrs[i + 2];
  if (kids.length > 0) {
    const children = kids.map((k) => (typeof k === "number" ? h[k] : typeof k === "string" ? k : rebuild(k as TemplateNode, h)));
    props.children = children.length === 1 ? children[0] : children;
  }
  return jsx(tag as keyof React.JSX.IntrinsicElements, props);
}

// __goTemplateDef and __goTemplate are installed by the Go engine
// (ssr/templatewalk.go): the first keeps a template's ops and numbers
// them, the second writes a template: its markup, its texts, its
// attributes and its children (through the Go walker of plain elements). __goTemplates tells
// it Template, to know its elements below plain ones, and attribute, for
// the props its rules do not know.
declare function __goTemplateDef(ops: unknown[], holes: number): number;
declare function __goTemplate(render: Render, id: number, holes: unknown[]): void;
declare function __goTemplateElement(render: Render, element: Element): boolean;
declare function __goTpl(def: TemplateDef, ...holesThenKey: unknown[]): React.ReactElement;
declare function __goTemplates(template: unknown, attribute: (out: string[], name: string, value: unknown) => void): void;
const goTemplateDef = typeof __goTemplateDef === "function" ? __goTemplateDef : null;
const goTemplate = typeof __goTemplate === "function" ? __goTemplate : null;
const goTemplateElement = typeof __goTemplateElement === "function" ? __goTemplateElement : null;
if (typeof __goTemplates === "function") __goTemplates(Template, attribute);

/** RESETS_SELECTED are the elements whose children React renders without a select's value (getChildFormatContext). */
const RESETS_SELECTED = lookupTable<true>({
  noscript: true, svg: true, picture: true, math: true, foreignObject: true, table: true, thead: true, tbody: true,
  tfoot: true, colgroup: true, tr: true, head: true, html: true,
});

/**
 * checkInnerHTML refuses what React's pushInnerHTML refuses, with React's
 * errors (#60, #61): children beside dangerouslySetInnerHTML, and an
 * inner HTML that is not {__html}.
 */
function checkInnerHTML(inner: unknown, children: unknown): void {
  if (children !== null) throw new Error("Can only set one of `children` or `props.dangerouslySetInnerHTML`.");
  if (typeof inner !== "object" || !("__html" in (inner as object))) {
    throw new Error("`props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`. Please visit https://react.dev/link/dangerously-set-inner-html for more information.");
  }
}

function isData(url: unknown): boolean {
  return typeof url === "string" && url[4] === ":" && url.slice(0, 4).toLowerCase() === "data";
}

function describe(type: unknown): string {
  if (typeof type === "symbol") return type.toString();
  if (typeof type === "object" && type !== null) return String((type as { $$typeof?: symbol }).$$typeof?.toString() ?? "object");
  return String(type);
}

function selfClosing(out: Out, tag: string, props: Record<string, unknown>): void {
  if (goVoidTag !== null) {
    const html = goVoidTag(tag, props);
    if (html !== null) {
      out.push(html);
      return;
    }
  }
  out.push("<", tag);
  const keys = Object.keys(props);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const v = props[key];
    if (v === null || v === undefined) continue;
    if (key === "children" || key === "dangerouslySetInnerHTML") throw new Error(tag + " is a void element tag and must neither have `children` nor use `dangerouslySetInnerHTML`.");
    attribute(out, key, v);
  }
  out.push("/>");
}

/**
 * opened holds the children and the inner HTML of the element openTag
 * last opened, which it leaves to the caller (a record reused rather than
 * a pair made for every element).
 */
const opened: { children: unknown; inner: unknown } = { children: null, inner: null };

/** openTag writes <tag and its attributes (not the closing >), leaving the rest in opened. */
function openTag(out: Out, tag: string, props: Record<string, unknown>): void {
  out.push("<", tag);
  let children: unknown = null;
  let inner: unknown = null;
  const keys = Object.keys(props);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const v = props[key];
    if (v === null || v === undefined) continue;
    if (key === "children") children = v;
    else if (key === "dangerouslySetInnerHTML") inner = v;
    else attribute(out, key, v);
  }
  opened.children = children;
  opened.inner = inner;
}

function titleTag(out: Out, props: Record<string, unknown>): void {
  openTag(out, "title", props);
  const { children, inner } = opened;
  out.push(">");
  const child = Array.isArray(children) ? (children.length < 2 ? children[0] : null) : children;
  if (typeof child !== "function" && typeof child !== "symbol" && child !== null && child !== undefined) out.push(escapeText("" + child));
  if (inner !== null) out.push("" + (inner as { __html: unknown }).__html);
  out.push("</title>");
}

function scriptTag(out: Out, props: Record<string, unknown>): void {
  openTag(out, "script", props);
  const { children, inner } = opened;
  out.push(">");
  if (inner !== null) out.push("" + (inner as { __html: unknown }).__html);
  if (typeof children === "string") throw new Unsupported("a script with text children");
  out.push("</script>");
}

/**
 * PLAIN are the elements host writes with nothing but their attributes
 * and children (plain): none hoists, preloads, is a form field, opens a
 * scope, resets a select's value, is void or holds raw text.
 */
const PLAIN = lookupTable<true>({
  div: true, span: true, p: true, li: true, ul: true, ol: true, h1: true, h2: true, h3: true, h4: true, h5: true,
  h6: true, strong: true, em: true, b: true, i: true, small: true, section: true, article: true, nav: true,
  header: true, footer: true, main: true, aside: true, label: true, figure: true, figcaption: true, dl: true,
  dt: true, dd: true, time: true, address: true, blockquote: true, mark: true, abbr: true, sup: true, sub: true,
  details: true, summary: true, fieldset: true, legend: true, caption: true, td: true, th: true, s: true, u: true,
  cite: true, q: true, code: true, kbd: true, output: true, data: true, dialog: true,
  // A kept card's marker (fragment.tsx): React has no case for <template>.
  template: true,
});
if (typeof __goPlainTags === "function") __goPlainTags(Object.keys(PLAIN), Unsupported);

/** PROP_TAGS are the elements some of whose props host writes itself. */
const PROP_TAGS = lookupTable<true>({ input: true, button: true, form: true, select: true, textarea: true, option: true, a: true });

const FORM_ORDER = ["action", "encType", "method", "target"];
const FORM = lookupTable<true>({ action: true, encType: true, method: true, target: true });
const FORM_ACTION_ORDER = ["name", "formAction", "formEncType", "formMethod", "formTarget"];
const FORM_ACTION = lookupTable<true>({ name: true, formAction: true, formEncType: true, formMethod: true, formTarget: true });

const VOID = lookupTable<true>({
  area: true, base: true, br: true, col: true, embed: true, hr: true, img: true, input: true,
  keygen: true, link: true, meta: true, param: true, source: true, track: true, wbr: true, menuitem: true,
});

const matchHTML = /["'&<>]/;

// What would end a script's or a style's text. Patterns live in constants:
// goja compiles a literal's pattern again each time the literal runs.
const scriptEnd = /(<\/|<)(s)(cript)/gi;
const styleEnd = /(<\/|<)(s)(tyle)/gi;

// The texts of a page repeat across pages (labels, names, places, links),
// and goja tests a RegExp against non-ASCII text rune by rune: a bounded
// map of what was escaped costs less. The engine's __goEscape costs less
// still, and keeps no map alive for the collector to mark.
const escaped = new Map<string, string>();

/** escapeText is React's escapeTextForBrowser. */
function escapeText(text: string): string {
  if (goEscape !== null) return goEscape(text);
  let html = escaped.get(text);
  if (html === undefined) {
    html = escapeUncached(text);
    if (escaped.size >= 8192) escaped.clear();
    escaped.set(text, html);
  }
  return html;
}

// __goEscape is installed by the Go engine (ssr/engine.go): the same
// escapes, without goja's RegExp over non-ASCII text.
declare function __goEscape(text: string): string;
const goEscape = typeof __goEscape === "function" ? __goEscape : null;

// __goPlain is installed by the Go engine (ssr/plainwalk.go): it writes a
// plain element, and the plain elements and texts below it, in Go, and
// hands the rest (components, images, fields) back to the render's node,
// element and host; false, having written nothing, for a prop only
// attribute below knows how to write. __goPlainTags tells it PLAIN, and
// the error to throw when it fails itself (the caller's fallback to React).
declare function __goPlain(render: Render, tag: string, props: Record<string, unknown>): boolean;
declare function __goPlainTags(tags: string[], unsupported: typeof Unsupported): void;
const goPlain = typeof __goPlain === "function" ? __goPlain : null;

// __goVoidTag is installed by the Go engine (ssr/plainwalk.go voidTag): a
// meta or link element whole, or null for what the script writes itself.
declare function __goVoidTag(tag: string, props: Record<string, unknown>): string | null;
const goVoidTag = typeof __goVoidTag === "function" ? __goVoidTag : null;

// __goHelmetTag is installed by the Go engine (ssr/plainwalk.go
// helmetTag): a meta or link of Helmet's lists whole, as host would hoist
// it among the head's tags, or null where Helmet renames or drops one of
// its attributes, or the element would not hoist there (a charset or
// viewport meta, a link hoistLink refuses, an itemProp).
declare function __goHelmetTag(tag: string, attributes: unknown): string | null;
const goHelmetTag = typeof __goHelmetTag === "function" ? __goHelmetTag : null;

function escapeUncached(text: string): string {
  if (goEscape !== null) return goEscape(text);
  if (!matchHTML.test(text)) return text;
  let html = "";
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    let rep: string;
    switch (text.charCodeAt(i)) {
      case 34: rep = "&quot;"; break;
      case 38: rep = "&amp;"; break;
      case 39: rep = "&#x27;"; break;
      case 60: rep = "&lt;"; break;
      case 62: rep = "&gt;"; break;
      default: continue;
    }
    if (last !== i) html += text.slice(last, i);
    last = i + 1;
    html += rep;
  }
  return last !== text.length ? html + text.slice(last) : html;
}

function escapeValue(v: unknown): string {
  return typeof v === "string" ? escapeText(v) : typeof v === "number" || typeof v === "boolean" || typeof v === "bigint" ? "" + v : escapeText("" + v);
}

const isJavaScriptProtocol = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

function sanitizeURL(url: string): string {
  return isJavaScriptProtocol.test(url) ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" : url;
}

const BOOLEAN = lookupTable<true>({
  inert: true, allowFullScreen: true, async: true, autoPlay: true, controls: true, credentialless: true, default: true,
  defer: true, disabled: true, disablePictureInPicture: true, disableRemotePlayback: true, formNoValidate: true,
  hidden: true, loop: true, noModule: true, noValidate: true, open: true, playsInline: true, readOnly: true,
  required: true, reversed: true, scoped: true, seamless: true, itemScope: true,
});

const STRINGISH = lookupTable<true>({
  contentEditable: true, spellCheck: true, draggable: true, value: true, autoReverse: true,
  externalResourcesRequired: true, focusable: true, preserveAlpha: true,
});

const RENAMED = lookupTable<string>({
  className: "class", tabIndex: "tabindex", xlinkActuate: "xlink:actuate", xlinkArcrole: "xlink:arcrole",
  xlinkRole: "xlink:role", xlinkShow: "xlink:show", xlinkTitle: "xlink:title", xlinkType: "xlink:type",
  xmlBase: "xml:base", xmlLang: "xml:lang", xmlSpace: "xml:space",
});

// React's aliases (react-dom's attribute name map), for the SVG and HTML
// attributes whose DOM name differs from the prop.
const ALIASES = lookupTable<string>({
  acceptCharset: "accept-charset", htmlFor: "for", httpEquiv: "http-equiv", crossOrigin: "crossorigin",
  accentHeight: "accent-height", alignmentBaseline: "alignment-baseline", arabicForm: "arabic-form",
  baselineShift: "baseline-shift", capHeight: "cap-height", clipPath: "clip-path", clipRule: "clip-rule",
  colorInterpolation: "color-interpolation", colorInterpolationFilters: "color-interpolation-filters",
  colorProfile: "color-profile", colorRendering: "color-rendering", dominantBaseline: "dominant-baseline",
  enableBackground: "enable-background", fillOpacity: "fill-opacity", fillRule: "fill-rule", floodColor: "flood-color",
  floodOpacity: "flood-opacity", fontFamily: "font-family", fontSize: "font-size", fontSizeAdjust: "font-size-adjust",
  fontStretch: "font-stretch", fontStyle: "font-style", fontVariant: "font-variant", fontWeight: "font-weight",
  glyphName: "glyph-name", glyphOrientationHorizontal: "glyph-orientation-horizontal",
  glyphOrientationVertical: "glyph-orientation-vertical", horizAdvX: "horiz-adv-x", horizOriginX: "horiz-origin-x",
  imageRendering: "image-rendering", letterSpacing: "letter-spacing", lightingColor: "lighting-color",
  markerEnd: "marker-end", markerMid: "marker-mid", markerStart: "marker-start", overlinePosition: "overline-position",
  overlineThickness: "overline-thickness", paintOrder: "paint-order", panose1: "panose-1", pointerEvents: "pointer-events",
  renderingIntent: "rendering-intent", shapeRendering: "shape-rendering", stopColor: "stop-color",
  stopOpacity: "stop-opacity", strikethroughPosition: "strikethrough-position",
  strikethroughThickness: "strikethrough-thickness", strokeDasharray: "stroke-dasharray",
  strokeDashoffset: "stroke-dashoffset", strokeLinecap: "stroke-linecap", strokeLinejoin: "stroke-linejoin",
  strokeMiterlimit: "stroke-miterlimit", strokeOpacity: "stroke-opacity", strokeWidth: "stroke-width",
  textAnchor: "text-anchor", textDecoration: "text-decoration", textRendering: "text-rendering",
  transformOrigin: "transform-origin", underlinePosition: "underline-position", underlineThickness: "underline-thickness",
  unicodeBidi: "unicode-bidi", unicodeRange: "unicode-range", unitsPerEm: "units-per-em", vAlphabetic: "v-alphabetic",
  vHanging: "v-hanging", vIdeographic: "v-ideographic", vMathematical: "v-mathematical", vectorEffect: "vector-effect",
  vertAdvY: "vert-adv-y", vertOriginX: "vert-origin-x", vertOriginY: "vert-origin-y", wordSpacing: "word-spacing",
  writingMode: "writing-mode", xmlnsXlink: "xmlns:xlink", xHeight: "x-height",
});

const attributeNameOK = /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;

// How attribute writes a prop, decided once per prop name (a lookup costs
// goja less than React's switch of string cases).
const enum Rule {
  Plain, // the value escaped; a boolean only for data-* and aria-*
  Skip,
  Boolean, // name="" when truthy
  Stringish, // booleans written as "true" and "false"
  URL, // sanitised; "" writes nothing
  Action, // sanitised
  LowerBoolean, // autoFocus → autofocus=""
  Overloaded, // capture, download: "" when true, else the value
  Positive, // a number ≥ 1
  Numeric, // any number
  Style,
}

interface NameRule {
  rule: Rule;
  attr: string;
}

const SPECIAL = lookupTable<Rule>({
  style: Rule.Style, src: Rule.URL, href: Rule.URL, action: Rule.Action, formAction: Rule.Action,
  defaultValue: Rule.Skip, defaultChecked: Rule.Skip, innerHTML: Rule.Skip, suppressContentEditableWarning: Rule.Skip,
  suppressHydrationWarning: Rule.Skip, ref: Rule.Skip, autoFocus: Rule.LowerBoolean, multiple: Rule.LowerBoolean,
  muted: Rule.LowerBoolean, xlinkHref: Rule.Action, capture: Rule.Overloaded, download: Rule.Overloaded,
  cols: Rule.Positive, rows: Rule.Positive, size: Rule.Positive, span: Rule.Positive, rowSpan: Rule.Numeric,
  start: Rule.Numeric,
});

const nameRules = new Map<string, NameRule>();

function ruleOf(name: string): NameRule {
  let r = nameRules.get(name);
  if (r !== undefined) return r;
  const special = SPECIAL[name];
  if (special !== undefined) r = { rule: special, attr: name === "xlinkHref" ? "xlink:href" : name === "autoFocus" || name === "multiple" || name === "muted" ? name.toLowerCase() : name };
  else if (BOOLEAN[name] === true) r = { rule: Rule.Boolean, attr: name };
  else if (STRINGISH[name] === true) r = { rule: Rule.Stringish, attr: name };
  else if (RENAMED[name] !== undefined) r = { rule: Rule.Plain, attr: RENAMED[name]! };
  else if (name.length > 2 && (name[0] === "o" || name[0] === "O") && (name[1] === "n" || name[1] === "N")) r = { rule: Rule.Skip, attr: name };
  else {
    const attr = ALIASES[name] ?? name;
    r = { rule: attributeNameOK.test(attr) ? Rule.Plain : Rule.Skip, attr };
  }
  nameRules.set(name, r);
  return r;
}

/** attribute is React's pushAttribute: one prop as an attribute, or nothing. */
function attribute(out: Out, name: string, value: unknown): void {
  const kind = typeof value;
  if (kind === "function" || kind === "symbol") return;
  const { rule, attr } = ruleOf(name);
  switch (rule) {
    case Rule.Plain:
      if (kind === "string") out.push(" ", attr, '="', escapeText(value as string), '"');
      else if (kind !== "boolean") out.push(" ", attr, '="', escapeValue(value), '"');
      else {
        const prefix = attr.toLowerCase().slice(0, 5);
        if (prefix === "data-" || prefix === "aria-") out.push(" ", attr, '="', "" + value, '"');
      }
      return;
    case Rule.Skip:
      return;
    case Rule.Boolean:
    case Rule.LowerBoolean:
      if (value) out.push(" ", attr, '=""');
      return;
    case Rule.Stringish:
      out.push(" ", attr, '="', escapeValue(value), '"');
      return;
    case Rule.URL:
      if (value === "") return;
    // falls through
    case Rule.Action:
      if (kind !== "boolean") out.push(" ", attr, '="', escapeText(sanitizeURL("" + value)), '"');
      return;
    case Rule.Overloaded:
      if (value === true) out.push(" ", attr, '=""');
      else if (value !== false) out.push(" ", attr, '="', escapeValue(value), '"');
      return;
    case Rule.Positive:
      if (!isNaN(value as number) && (value as number) >= 1) out.push(" ", attr, '="', escapeValue(value), '"');
      return;
    case Rule.Numeric:
      if (!isNaN(value as number)) out.push(" ", attr, '="', escapeValue(value), '"');
      return;
    case Rule.Style:
      return style(out, value);
  }
}

const unitless = new Set([
  "animationIterationCount", "aspectRatio", "borderImageOutset", "borderImageSlice", "borderImageWidth", "boxFlex",
  "boxFlexGroup", "boxOrdinalGroup", "columnCount", "columns", "flex", "flexGrow", "flexPositive", "flexShrink",
  "flexNegative", "flexOrder", "gridArea", "gridRow", "gridRowEnd", "gridRowSpan", "gridRowStart", "gridColumn",
  "gridColumnEnd", "gridColumnSpan", "gridColumnStart", "fontWeight", "lineClamp", "lineHeight", "opacity", "order",
  "orphans", "scale", "tabSize", "widows", "zIndex", "zoom", "fillOpacity", "floodOpacity", "stopOpacity",
  "strokeDasharray", "strokeDashoffset", "strokeMiterlimit", "strokeOpacity", "strokeWidth", "MozAnimationIterationCount",
  "MozBoxFlex", "MozBoxFlexGroup", "MozLineClamp", "msAnimationIterationCount", "msFlex", "msZoom", "msFlexGrow",
  "msFlexNegative", "msFlexOrder", "msFlexPositive", "msFlexShrink", "msGridColumn", "msGridColumnSpan", "msGridRow",
  "msGridRowSpan", "WebkitAnimationIterationCount", "WebkitBoxFlex", "WebKitBoxFlexGroup", "WebkitBoxOrdinalGroup",
  "WebkitColumnCount", "WebkitColumns", "WebkitFlex", "WebkitFlexGrow", "WebkitFlexPositive", "WebkitFlexShrink",
  "WebkitLineClamp",
]);
const styleNames = new Map<string, string>();

/** style is React's pushStyleAttribute. */
function style(out: Out, value: unknown): void {
  if (typeof value !== "object") throw new Error("The `style` prop expects a mapping from style properties to values, not a string.");
  let first = true;
  for (const name in value as Record<string, unknown>) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    let v = (value as Record<string, unknown>)[name];
    if (v == null || typeof v === "boolean" || v === "") continue;
    let css: string;
    if (name.indexOf("--") === 0) {
      css = escapeText(name);
      v = escapeText(("" + v).trim());
    } else {
      let cached = styleNames.get(name);
      if (cached === undefined) {
        cached = escapeText(name.replace(/([A-Z])/g, "-$1").toLowerCase().replace(/^ms-/, "-ms-"));
        styleNames.set(name, cached);
      }
      css = cached;
      v = typeof v === "number" ? (v === 0 || unitless.has(name) ? "" + v : v + "px") : escapeText(("" + v).trim());
    }
    if (first) {
      first = false;
      out.push(' style="', css, ":", v as string);
    } else out.push(";", css, ":", v as string);
  }
  if (!first) out.push('"');
}

let current: Render | null = null;

function currentRender(): Render {
  if (current === null) throw new Error("a hook ran outside a static render");
  return current;
}

const noop = () => {};

const dispatcher: Dispatcher = {
  readContext: (ctx) => currentRender().read(ctx),
  use(usable) {
    if (usable !== null && typeof usable === "object" && (usable as Ctx).$$typeof === CONTEXT) return currentRender().read(usable as Ctx);
    throw new Unsupported("use() of a promise");
  },
  useContext: (ctx) => currentRender().read(ctx),
  useMemo: (create) => create(),
  useCallback: (fn) => fn,
  useState: (initial) => [typeof initial === "function" ? (initial as () => never)() : initial, noop],
  useReducer: (_reducer, initialArg, init) => [init ? init(initialArg) : initialArg, noop],
  useRef: (initial) => ({ current: initial }),
  useEffect: noop,
  useLayoutEffect: noop,
  useInsertionEffect: noop,
  useImperativeHandle: noop,
  useDebugValue: noop,
  useId() {
    // React's ids follow the tree's shape (its treeContext), which this
    // renderer does not track: a component that needs one renders with
    // React, so that the HTML stays React's.
    throw new Unsupported("useId");
  },
  useSyncExternalStore(_s, _getSnapshot, getServerSnapshot) {
    if (getServerSnapshot === undefined) throw new Unsupported("useSyncExternalStore without getServerSnapshot");
    return getServerSnapshot();
  },
  useTransition: () => [false, (fn) => fn()],
  useDeferredValue: (value, initial) => (initial === undefined ? value : initial),
  useOptimistic: (value) => [value, noop],
  useActionState: (_a, initial) => [initial, noop, false],
  useFormState: (_a, initial) => [initial, noop, false],
};

// A hook React has and this dispatcher lacks (useEffectEvent, useFormStatus's
// useHostTransitionStatus, the compiler's useMemoCache, a newer React's)
// is found on the dispatcher's prototype: a function that throws
// Unsupported, so that the render falls back to React instead of failing
// with "is not a function". The hooks above are own properties, found
// before the prototype is asked.
Object.setPrototypeOf(
  dispatcher,
  new Proxy(
    {},
    {
      get: (_target, name) =>
        typeof name === "string"
          ? () => {
              throw new Unsupported("the hook " + name);
            }
          : undefined,
    },
  ),
);

// __renderFallback is installed by the Go engine (ssr/engine.go): it counts
// a render handed to React, by kind, and logs why.
declare function __renderFallback(kind: string, reason: string): void;

/**
 * fellBack tells the engine that a render of kind ("page", "island",
 * "card") went to React for reason; outside the engine (tests) it does
 * nothing.
 */
export function fellBack(kind: "page" | "island" | "card", reason: string): void {
  if (typeof __renderFallback === "function") __renderFallback(kind, reason);
}

/**
 * renderStatic renders element as renderToString would, but for a page
 * that never hydrates as a whole: the same HTML, without React's
 * hydration bookkeeping. It throws Unsupported for what it does not write.
 */
export function renderStatic(element: React.ReactNode): string {
  const html = renderStaticOut(element);
  return typeof html === "string" ? html : html.join("");
}

// spareRenders are spent renders for the next (renderStaticOut); released
// is a spent render's output, frozen so that a write to it throws.
const spareRenders: Render[] = [];
const released: Out = Object.freeze([]) as unknown as Out;

/**
 * renderStaticOut is renderStatic's HTML as the render holds it: in Go
 * when the engine gave it a sink (the engine and the fragment store take
 * either), else a string.
 */
export function renderStaticOut(element: React.ReactNode): string | Out {
  const outer = current;
  const prevDispatcher = internals.H;
  // A render of a card or an island is nested in a page's, and a listing
  // has dozens: each takes a spent Render, its fields set afresh, rather
  // than a new object of ten fields.
  const r = spareRenders.pop()?.reuse() ?? new Render();
  current = r;
  internals.H = dispatcher;
  try {
    r.node(element);
    return r.document();
  } finally {
    internals.H = prevDispatcher;
    current = outer;
    r.release();
    if (spareRenders.length < 4) spareRenders.push(r);
  }
}

let islandsWithReact = false;

/**
 * renderIslandsWithReact makes renderIsland always use React (the server
 * entry's __sogliqRenderReact, for comparing the renderers).
 */
export function renderIslandsWithReact(on: boolean): void {
  islandsWithReact = on;
}

/**
 * renderIsland renders an island's root for hydrateRoot to adopt: with
 * renderStatic, whose HTML is React's, unless the island holds what it
 * does not write (useId above all: React's ids need its own tree), and
 * then with renderToString and the island's identifierPrefix.
 */
export function renderIsland(element: React.ReactNode, identifierPrefix: string): string {
  if (!islandsWithReact) {
    try {
      return renderStatic(element);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      fellBack("island", e.message);
    }
  }
  return renderToString(element, { identifierPrefix });
}

/**
 * renderCard renders a card kept as a fragment (fragment.tsx): with
 * renderStatic, or, for what it does not write, with renderToString (a
 * card never hydrates, so React's markup needs nothing more).
 */
export function renderCard(element: React.ReactNode): string | Out {
  try {
    return renderStaticOut(element);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    fellBack("card", e.message);
    return renderToString(element);
  }
}
