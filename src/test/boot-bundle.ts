import type { BootBundle } from '../../schemas/boot';
import { FEATURE_KEYS, type FeatureKey } from '../../schemas/features';
import type { Tenant } from '../tenant/tenant-context';

/** A complete boot bundle for component tests; every feature on unless switched off. */
export function bootBundle(overrides: Partial<BootBundle> = {}, featuresOff: FeatureKey[] = []): BootBundle {
  const features = Object.fromEntries(
    FEATURE_KEYS.map((key) => [key, !featuresOff.includes(key)]),
  ) as BootBundle['features'];
  return {
    companyCode: 'songhong',
    name: { vi: 'Bệnh viện Sông Hồng', en: 'Song Hong Hospital' },
    description: { vi: 'Mô tả', en: 'Description' },
    demo: true,
    environment: 'development',
    version: '1.0.280',
    companyInfo: {
      logo: '/api/v1/Tenants/songhong/assets/logo.svg',
      icon: '/api/v1/Tenants/songhong/assets/icon.svg',
      linkGoogleMap: '',
      hotlineCSKH: '1900 5555',
      companyCode: 'songhong',
      linkUserWeb: '',
      zalo: '',
      hospitalFullName: 'Bệnh viện Đa khoa Sông Hồng (demo)',
    },
    siteConfig: {
      socialMediaZaloLink: 'https://zalo.me/1',
      socialMediaFacebookLink: '',
      socialMediaYouTubeLink: 'https://youtube.com/@x',
      sitContactAddress: '88 Phố Lò Đúc, Hà Nội',
      siteContactMobileNumber: '+84 24 3000 0002',
      siteContactEmail: 'lienhe@songhong.example',
    },
    legalName: { vi: 'Bệnh viện Đa khoa Sông Hồng (demo)', en: 'Song Hong General Hospital (demo)' },
    contactAddress: { vi: '88 Phố Lò Đúc, Hà Nội', en: '88 Lo Duc Street, Ha Noi' },
    theme: {} as BootBundle['theme'],
    languages: { offered: ['vi', 'en'], default: 'vi' },
    features,
    navigation: {
      header: ['memberPackage', 'scheduleConsultation', 'healthPrograms'] as never[],
      quickLinks: [
        { labelKey: 'nav.doctors', href: '/doctor-list' },
        { labelKey: 'nav.blog', href: '/blog/', feature: 'blog' as never },
        { label: { vi: 'Bảng giá', en: 'Prices' }, href: '/info/faqs' },
      ],
      privacyLinks: [{ labelKey: 'nav.privacy', href: '/info/privacy-policy' }],
    },
    home: { sections: [] },
    booking: {
      timeZone: 'Asia/Ho_Chi_Minh',
      holdMinutes: 10,
      paymentMethods: [0, 1, 2, 3],
      sameDayCutoff: '16:00',
      maxDaysAhead: 30,
    },
    forms: {},
    strings: { vi: {}, en: {} },
    ...overrides,
  };
}

export const tenantOf = (bundle: BootBundle, language: Tenant['language'] = 'vi'): Tenant => ({
  bundle,
  language,
});
