import type { WidgetPoint } from '../widgets/widget-types';
import type { PostSeed } from './model/post-processing';

/** One series to post-process with one function body. */
export interface PostJob {
  body: string;
  points: WidgetPoint[];
  seed: PostSeed | null;
}

export type PostResult = { points: WidgetPoint[]; last: PostSeed | null } | { error: string };

export interface PostRequest {
  id: number;
  jobs: PostJob[];
}

export interface PostResponse {
  id: number;
  results: PostResult[];
}
