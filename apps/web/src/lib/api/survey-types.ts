import {
  type TCreateSurveyTypeRequest,
  type TSurveyType,
  type TSurveyTypeListItem,
  type TUpdateSurveyTypeRequest,
  ZSurveyType,
  ZSurveyTypeListItem,
} from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';

const key = ['surveyTypes'] as const;

/** The first page of survey types (the pickers show at most 100, by name). */
export function useSurveyTypes() {
  return useQuery({
    queryKey: key,
    queryFn: async (): Promise<TSurveyTypeListItem[]> =>
      z.array(ZSurveyTypeListItem).parse(await apiRequest('SJSurvey/GetSurveyTypes', { query: { pageSize: 100 } })),
  });
}

export function useSurveyType(id: string | null) {
  return useQuery({
    queryKey: [...key, id],
    enabled: Boolean(id),
    queryFn: async (): Promise<TSurveyType> =>
      ZSurveyType.parse(await apiRequest('SJSurvey/GetSurveyType', { query: { id: id ?? '' } })),
  });
}

export async function fetchSurveyType(id: string): Promise<TSurveyType> {
  return ZSurveyType.parse(await apiRequest('SJSurvey/GetSurveyType', { query: { id } }));
}

export function useCreateSurveyType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TCreateSurveyTypeRequest) =>
      ZSurveyType.parse(await apiRequest('SJSurvey/CreateSurveyType', { method: 'POST', body: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useUpdateSurveyType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TUpdateSurveyTypeRequest) =>
      ZSurveyType.parse(await apiRequest('SJSurvey/UpdateSurveyType', { method: 'PUT', body: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
