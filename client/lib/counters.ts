// Third-party counters (Google Analytics 4, Yandex Metrica), loaded only
// when their ids are configured and fed the same page views as ours. The
// Content-Security-Policy allows their hosts only then (web.ContentSecurityPolicy).
type Fn = (...args: unknown[]) => void;
interface CounterWindow {
  dataLayer?: unknown[];
  gtag?: Fn;
  ym?: Fn & { a?: unknown[]; l?: number };
}

function script(src: string): void {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

/** start loads the configured counters and returns their page-view hook. */
export function start(ga4: string, ym: string): { hit(route: string, pageType: string): void } {
  const w = window as unknown as CounterWindow;
  if (ga4) {
    w.dataLayer = w.dataLayer || [];
    // gtag.js reads the arguments objects themselves from dataLayer.
    w.gtag = function () {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag("js", new Date());
    w.gtag("config", ga4, { send_page_view: false });
    script(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga4)}`);
  }
  if (ym) {
    const f = function (...args: unknown[]) {
      (f.a = f.a || []).push(args);
    } as Fn & { a?: unknown[]; l?: number };
    f.l = Date.now();
    w.ym = w.ym || f;
    w.ym(Number(ym), "init", { defer: true, clickmap: false, trackLinks: true });
    script("https://mc.yandex.ru/metrika/tag.js");
  }
  return {
    hit(route, pageType) {
      if (ga4) w.gtag?.("event", "page_view", { page_location: location.href, page_path: route, page_type: pageType });
      if (ym) w.ym?.(Number(ym), "hit", location.href);
    },
  };
}
