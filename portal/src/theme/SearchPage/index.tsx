/**
 * Wraps the search page of @easyops-cn/docusaurus-search-local to give it a title in the
 * site's `Page | Noren` form (seed 000 §2: the title delimiter is a pipe). The plugin sets the
 * document title to its heading as it is ("Search the documentation"), without the site
 * name; the PageMetadata below is rendered after the page, so react-helmet keeps its title.
 * The plugin also labels its query box with a hard-coded English "Search"; it gets the
 * translated label after hydration (React leaves an attribute it renders unchanged alone).
 * The plugin's page has no `<main>`: the layout puts its content in one (MainLandmark).
 * The heading and the rest of the page are the plugin's own.
 */
import {useEffect, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPage from '@theme-original/SearchPage';
import {MainLandmark} from '../Layout/MainLandmark';

/** The query the page searches for: its `q` parameter, as the plugin reads it (browser only). */
function useSearchQuery(): string {
  const isBrowser = useIsBrowser();
  const {search} = useLocation();
  return isBrowser ? (new URLSearchParams(search).get('q') ?? '') : '';
}

export default function SearchPageWrapper(): ReactNode {
  const query = useSearchQuery();
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  useEffect(() => {
    document.querySelector('input[type="search"][name="q"]')?.setAttribute('aria-label', label);
  }, [label]);
  const title = query
    ? translate(
        {
          id: 'theme.SearchPage.existingResultsTitle',
          message: 'Search results for "{query}"',
          description: 'The search page title for non-empty query',
        },
        {query},
      )
    : translate({
        id: 'searchPage.title',
        message: 'Search',
        description: 'The title of the search page in the browser tab, before a query is typed',
      });
  return (
    <MainLandmark.Provider value>
      <SearchPage />
      <PageMetadata title={title} />
    </MainLandmark.Provider>
  );
}
