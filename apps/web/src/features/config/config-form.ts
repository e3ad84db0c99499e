import { DEFAULT_CONFIG, type TConfig, type TUpsertConfigRequest } from '@impact/domain';

export type ConfigFormValues = Omit<TUpsertConfigRequest, 'id'>;

/** A new configuration starts from the built-in defaults, so only what differs needs typing. */
export function newConfigValues(): ConfigFormValues {
  const { isActive: _active, ...rest } = DEFAULT_CONFIG;
  return { ...rest, name: '', description: '', message: '' };
}

export function configToValues(config: TConfig): ConfigFormValues {
  const { id: _id, isActive: _active, ...rest } = config;
  return rest;
}

/** Reads a picked file as a data: URL (the server types it by its bytes and sanitises an SVG). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
