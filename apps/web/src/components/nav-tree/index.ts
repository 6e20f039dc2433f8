export { NavTree, type NavTreeProps } from './nav-tree';
export { filterTree, visibleRows, type TreeNode } from './nav-tree-model';
