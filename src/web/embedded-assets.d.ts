// Files imported `with { type: "file" }` (src/web/assets.ts): the import is the file's path
// (a /$bunfs path inside the compiled binary).
declare module "*.min.js" {
  const path: string;
  export default path;
}
declare module "*.umd.js" {
  const path: string;
  export default path;
}
declare module "*/public/app.js" {
  const path: string;
  export default path;
}
declare module "*/public/figures.js" {
  const path: string;
  export default path;
}
declare module "*/public/page.js" {
  const path: string;
  export default path;
}
declare module "*.css" {
  const path: string;
  export default path;
}
