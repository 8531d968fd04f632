import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBrand } from '@/test/fixtures';
import { StandaloneLayout } from '../standalone-layout';
import { BrandProvider } from './brand-context';
import { BrandLogo } from './brand-logo';

const inBrand = (node: React.ReactNode) => (
  <MantineProvider>
    <BrandProvider brand={{ ...testBrand, company_name: 'Northwind Networks' }}>
      {node}
    </BrandProvider>
  </MantineProvider>
);

describe('BrandLogo', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
  });

  it('fades the other logo in when the navigation collapses, not on first paint', () => {
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    const view = render(inBrand(<BrandLogo h={32} />));
    expect(animate).not.toHaveBeenCalled();
    view.rerender(inBrand(<BrandLogo collapsed h={32} />));
    expect(animate).toHaveBeenCalledOnce();
    expect(screen.getByRole('img')).toHaveAttribute('src', testBrand.logoCollapsedUrl);
  });
});

describe('StandaloneLayout', () => {
  it("names the brand's company under the form", () => {
    render(inBrand(<StandaloneLayout title="Sign in">form</StandaloneLayout>));
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Northwind Networks`,
    );
  });
});
