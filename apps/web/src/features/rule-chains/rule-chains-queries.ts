import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { useAuth } from '../auth/auth-provider';
import type {
  ComponentDescriptor,
  DebugEvent,
  RuleChain,
  RuleChainMetaData,
  ScriptTestRequest,
  ScriptTestResult,
} from './rule-chain-types';
import { COMPONENT_TYPES } from '@sapo/common';

/** Query keys of this feature (kept here: the shared key list belongs to other screens). */
export const ruleChainKeys = {
  all: ['ruleChains'] as const,
  list: ['ruleChains', 'list'] as const,
  detail: (id: string) => ['ruleChains', 'detail', id] as const,
  metadata: (id: string) => ['ruleChains', 'metadata', id] as const,
  components: ['ruleChains', 'components'] as const,
  events: (nodeId: string) => ['ruleChains', 'events', nodeId] as const,
  search: (text: string) => ['ruleChains', 'search', text] as const,
};

/** GET /api/ruleChains (paged) for the table. */
export function useRuleChainPages() {
  const { client } = useAuth();
  return (link: PageLink, signal: AbortSignal) =>
    client.get<PageData<RuleChain>>(withPageLink('/api/ruleChains', link), { signal });
}

/** Chains whose name starts with `text`, for the 'rule chain' node's target picker. */
export function useRuleChainSearch(text: string) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ruleChainKeys.search(text),
    queryFn: ({ signal }) =>
      client.get<PageData<RuleChain>>(
        withPageLink('/api/ruleChains', {
          page: 0,
          pageSize: 50,
          textSearch: text,
          sortProperty: 'name',
          sortOrder: 'ASC',
        }),
        { signal, ignoreLoading: true },
      ),
    select: (page) => page.data,
    staleTime: 10_000,
  });
}

export function useRuleChain(id: string | undefined) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ruleChainKeys.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<RuleChain>(`/api/ruleChain/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useRuleChainMetadata(id: string | undefined) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ruleChainKeys.metadata(id ?? ''),
    queryFn: ({ signal }) => client.get<RuleChainMetaData>(`/api/ruleChain/${id}/metadata`, { signal }),
    enabled: Boolean(id),
    // The editor owns the working copy; a background refetch must not replace it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** Rule node components: loaded once per session and cached (spec 1-client §3.8 UI notes). */
export function useRuleNodeComponents() {
  const { client } = useAuth();
  return useQuery({
    queryKey: ruleChainKeys.components,
    queryFn: ({ signal }) =>
      client.get<ComponentDescriptor[]>(`/api/components?componentTypes=${COMPONENT_TYPES.join(',')}`, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

function useInvalidateChains() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ruleChainKeys.all });
}

/** POST /api/ruleChain; the dialog places the server's message itself. */
export function useSaveRuleChain() {
  const { client } = useAuth();
  const invalidate = useInvalidateChains();
  return useMutation({
    mutationFn: (body: Partial<RuleChain>) => client.post<RuleChain>('/api/ruleChain', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteRuleChain() {
  const { client } = useAuth();
  const invalidate = useInvalidateChains();
  return useMutation({
    mutationFn: (id: string) => client.delete(`/api/ruleChain/${id}`),
    onSuccess: invalidate,
  });
}

export function useMakeRootRuleChain() {
  const { client } = useAuth();
  const invalidate = useInvalidateChains();
  return useMutation({
    mutationFn: (id: string) => client.post<RuleChain>(`/api/ruleChain/${id}/root`),
    onSuccess: invalidate,
  });
}

/** POST /api/ruleChain/metadata: answers the saved metadata (new node ids). */
export function useSaveRuleChainMetadata() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metadata: RuleChainMetaData) => client.post<RuleChainMetaData>('/api/ruleChain/metadata', metadata),
    onSuccess: (saved, sent) => {
      const id = saved.ruleChainId?.id ?? sent.ruleChainId?.id;
      if (id) queryClient.setQueryData(ruleChainKeys.metadata(id), saved);
    },
  });
}

/** Plain calls used outside render (export, import, debugIn, script test). */
export function useRuleChainApi() {
  const { client } = useAuth();
  return {
    getChain: (id: string) => client.get<RuleChain>(`/api/ruleChain/${id}`),
    getMetadata: (id: string) => client.get<RuleChainMetaData>(`/api/ruleChain/${id}/metadata`),
    saveChain: (body: Partial<RuleChain>) => client.post<RuleChain>('/api/ruleChain', body),
    saveMetadata: (metadata: RuleChainMetaData) => client.post<RuleChainMetaData>('/api/ruleChain/metadata', metadata),
    /** The last message that came into a node, or null (no debug data yet). */
    debugIn: (nodeId: string) =>
      client.get<{ msg?: unknown; data?: string; metadata?: string | Record<string, string>; msgType?: string } | null>(
        `/api/ruleNode/${nodeId}/debugIn`,
        { ignoreErrors: true, ignoreLoading: true },
      ),
    testScript: (request: ScriptTestRequest) => client.post<ScriptTestResult>('/api/ruleChain/testScript', request),
  };
}

/** DEBUG_RULE_NODE events of one node, newest first; polled while the panel is open. */
export function useDebugEvents(
  nodeId: string | undefined,
  tenantId: string | undefined,
  page: number,
  pageSize: number,
  autoRefresh: boolean,
) {
  const { client } = useAuth();
  return useQuery({
    queryKey: [...ruleChainKeys.events(nodeId ?? ''), page, pageSize],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        tenantId: tenantId ?? '',
        pageSize: String(pageSize),
        page: String(page),
        sortProperty: 'createdTime',
        sortOrder: 'DESC',
      });
      return client.get<PageData<DebugEvent>>(`/api/events/RULE_NODE/${nodeId}/DEBUG_RULE_NODE?${params}`, {
        signal,
        ignoreLoading: true,
      });
    },
    enabled: Boolean(nodeId),
    refetchInterval: autoRefresh ? 3000 : false,
  });
}
