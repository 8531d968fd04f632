import { SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DarkMode } from '@netfleet/contracts';
import { darkModeToScheme, schemeToDarkMode } from '@/app/theme/dark-mode';

/** Dark mode auto/enabled/disabled; the colour scheme manager stores it in the cookie. */
export function DarkModeControl() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={4} px="sm" py={6}>
      <Text size="sm" id="dark-mode-label">
        {t('header.darkMode')}
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-labelledby="dark-mode-label"
        value={schemeToDarkMode(colorScheme)}
        onChange={(value) => setColorScheme(darkModeToScheme(value as DarkMode))}
        data={[
          { value: 'auto', label: t('header.darkModeAuto') },
          { value: 'enabled', label: t('header.darkModeEnabled') },
          { value: 'disabled', label: t('header.darkModeDisabled') },
        ]}
      />
    </Stack>
  );
}
