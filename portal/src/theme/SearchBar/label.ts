import {translate} from '@docusaurus/Translate';

/** The search box's label and placeholder, the plugin's own translation id (both boxes use it). */
export function searchLabel(): string {
  return translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
}
