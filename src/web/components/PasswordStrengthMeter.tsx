import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordStrength, type PasswordStrength } from '../../shared/validators';

// Three bars, filled and coloured by level; a too-short password fills none.
const LEVELS: Record<PasswordStrength, { bars: number; color: string }> = {
  strong: { bars: 3, color: '#52c41a' },
  medium: { bars: 2, color: '#faad14' },
  low: { bars: 1, color: '#ff4d4f' },
  short: { bars: 0, color: '#bfbfbf' },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation(['auth', 'validation']);
  if (!password) return null;
  const level = passwordStrength(password);
  const { bars, color } = LEVELS[level];
  return (
    <div data-testid="password-strength" data-level={level} style={{ marginTop: 8 }}>
      <Flex gap={4} aria-hidden>
        {[0, 1, 2].map((index) => (
          <span
            key={index}
            style={{ flex: 1, height: 4, borderRadius: 2, background: index < bars ? color : '#f0f0f0' }}
          />
        ))}
      </Flex>
      <Typography.Text style={{ color, fontSize: 12 }}>
        {t('auth:password.strength', { level: t(`validation:strength.${level}`) })}
      </Typography.Text>
    </div>
  );
}
