export { RoutedTabs, type RoutedTab } from './routed-tabs';
export { readTab, useRoutedTab, type TabSource } from './read-tab';
