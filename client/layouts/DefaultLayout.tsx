import type { ReactNode } from "react";
import { jsx } from "react/jsx-runtime";
import { Header } from "../components/Header";
import { Sidebar } from "../components/Sidebar";
import { Footer } from "../components/Footer";
import { BottomNav } from "../components/BottomNav";
import { bottomNavActive } from "../lib/bottomNav";
import type { RenderProps } from "../types";

/** DefaultLayout is the chrome of every directory page. */
export function DefaultLayout(props: RenderProps & { children: ReactNode }) {
  const regions = (props.regions ?? []).map((r) => r.slug);
  return (
    <>
      {/* jsx(Header, props): the header reads the page's props, uncopied. */}
      {jsx(Header, props)}
      <Sidebar lang={props.lang} region={props.region.slug} addClinicUrl={props.addClinicUrl} />
      <main className="main container">{props.children}</main>
      <Footer lang={props.lang} region={props.region.slug} year={props.year} />
      <BottomNav lang={props.lang} region={props.region.slug} active={bottomNavActive(props.url.paths[props.lang], regions.length ? regions : [props.region.slug])} />
    </>
  );
}
