import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { AssistantTurn, Category, CreatedStocks, Product, Supplier, VoiceActionResponse } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { createRequestOf, type CreateAction } from '../assistant-conversation';

export type AssistantMode = VoiceActionResponse['mode'];

export const assistantKeys = {
  all: ['assistant'] as const,
  mode: () => [...assistantKeys.all, 'mode'] as const,
};

/** 'ai' when the server has an OpenAI-compatible endpoint (speech works), 'local' for typed commands only. */
export const assistantModeQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.mode(),
    queryFn: ({ signal }) => api.get<{ mode: AssistantMode }>('voice-actions/mode', { signal }),
    staleTime: 5 * 60_000,
  });

/** One turn of POST voice-actions: what the user typed or said, and the conversation so far. */
export interface VoiceTurnInput {
  text?: string;
  audio?: { data: string; format: 'wav' };
  history: AssistantTurn[];
}

/** One assistant turn; `signal` aborts it (the panel's Cancel while processing). */
export function useVoiceAction() {
  return useMutation({
    mutationFn: ({ request, signal }: { request: VoiceTurnInput; signal: AbortSignal }) => api.post<VoiceActionResponse>('voice-actions', { request }, { signal }),
  });
}

/**
 * After Confirm: the ordinary create route, with the user's own token (the server checks their
 * role and location as for any other create). Answers the id of what was created.
 */
export async function createFromAction(action: CreateAction, today: string): Promise<string> {
  switch (action.tool) {
    case 'create_stock': {
      const created = await api.post<CreatedStocks>('stock', createRequestOf(action, today));
      return created.stocks[0]?.id ?? '';
    }
    case 'create_product':
      return (await api.post<Product>('product', createRequestOf(action, today))).id;
    case 'create_supplier':
      return (await api.post<Supplier>('supplier', createRequestOf(action, today))).id;
    case 'create_category':
      return (await api.post<Category>('category', createRequestOf(action, today))).id;
  }
}

/** What a creation changes on screen: the lists, searches and reports that show it. */
const AFFECTED: Record<CreateAction['tool'], readonly string[]> = {
  create_stock: ['stock', 'alerts', 'products', 'reports', 'dashboard'],
  create_product: ['products', 'categories'],
  create_supplier: ['suppliers'],
  create_category: ['categories'],
};

export function invalidateAfterCreate(queryClient: QueryClient, tool: CreateAction['tool']): Promise<unknown> {
  return Promise.all(AFFECTED[tool].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}
