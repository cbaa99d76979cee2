// Search results quote each page's own text. Sphinx's search quotes the whole [role=main]
// element, which in this theme also holds the page's buttons and its lists of contents; the
// line that launches a notebook on Binder is left out too (docs/conf.py adds it to every one).
const NOT_PAGE_TEXT = ".bd-header-article, .bd-sidebar-secondary, .onlyprint, .launch-binder";

if (typeof Search !== "undefined") {
  const pageText = Search.htmlToText;
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll(NOT_PAGE_TEXT).forEach((element) => element.remove());
    return pageText(page.documentElement.outerHTML, anchor);
  };
}
