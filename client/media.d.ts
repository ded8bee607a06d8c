declare module "*.svg" {
  const url: string;
  export default url;
}
declare module "*.png" {
  const url: string;
  export default url;
}
declare module "*.css";
declare module "icon:*" {
  /** The icon's SVG markup (lucide-static), inlined at build time by ssr/icons.go. */
  const svg: string;
  export default svg;
}
