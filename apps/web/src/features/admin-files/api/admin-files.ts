import { type TAdminFile, ZAdminFile, ZAdminFileLimits } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const adminFileKeys = { all: ['admin-files'] as const, limits: ['admin-files', 'limits'] as const };

export function useAdminFiles() {
  return useQuery({
    queryKey: adminFileKeys.all,
    queryFn: async (): Promise<TAdminFile[]> => z.array(ZAdminFile).parse(await apiRequest('FileUpload/GetAdminFiles')),
  });
}

export function useAdminFileLimits() {
  return useQuery({
    queryKey: adminFileKeys.limits,
    queryFn: async () => ZAdminFileLimits.parse(await apiRequest('FileUpload/GetAdminFileLimits')),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
