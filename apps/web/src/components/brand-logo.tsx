import { DEFAULT_LOGO_SIZE, type TConfig } from '@impact/domain';
import defaultLogo from '../assets/logo.svg';

type Props = {
  config: Pick<TConfig, 'logoBase64' | 'logoWidth' | 'logoHeight' | 'name'>;
  scale?: number;
  /** Beside the written name the logo adds nothing for a screen reader: empty alt. */
  decorative?: boolean;
};

/** The configured logo at its configured size, or ours at 50x50 (SPEC 2 "Layout"). */
export function BrandLogo({ config, scale = 1, decorative = false }: Props) {
  const src = config.logoBase64 || defaultLogo;
  const width = (config.logoBase64 ? config.logoWidth : DEFAULT_LOGO_SIZE) * scale;
  const height = (config.logoBase64 ? config.logoHeight : DEFAULT_LOGO_SIZE) * scale;
  return (
    <img src={src} width={width} height={height} alt={decorative ? '' : config.name} style={{ objectFit: 'contain' }} />
  );
}
