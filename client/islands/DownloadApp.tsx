import { useEffect, useRef } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";

export interface DownloadAppProps {
  lang: Lang;
  playStore: string;
  appStore: string;
}

/** storeFor picks the store for a user agent: null when the platform is unknown. */
export function storeFor(userAgent: string, props: Pick<DownloadAppProps, "playStore" | "appStore">): string | null {
  if (/android|windows/i.test(userAgent)) return props.playStore;
  if (/iphone|ipad|ipod|macintosh/i.test(userAgent)) return props.appStore;
  return null;
}

/** DownloadApp sends Android and Windows to Google Play, Apple devices to the App Store. */
export default function DownloadApp(props: DownloadAppProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => markReady(ref.current), []);
  function go() {
    const store = storeFor(navigator.userAgent, props);
    if (store) window.location.href = store;
    else window.alert(t(props.lang, "error.platformUnknown"));
  }
  return (
    <button ref={ref} type="button" className="button button--outline" onClick={go}>
      {t(props.lang, "error.download")}
    </button>
  );
}
