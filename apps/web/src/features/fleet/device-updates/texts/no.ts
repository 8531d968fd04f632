import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

const devicesText = (count: number) =>
  plural(count, { one: '{{count}} enhet', other: '{{count}} enheter' });

export const no: Translation<typeof en> = {
  update: {
    // Files
    name: 'Navn',
    global: 'Global',
    description: 'Beskrivelse',
    deviceModel: 'Enhetsmodell',
    model: 'Modell',
    anyModel: 'Alle modeller',
    size: 'Størrelse',
    uploadedAt: 'Lastet opp',
    createdAt: 'Opprettet',
    actions: 'Handlinger',
    searchPlaceholder: 'Søk etter navn eller beskrivelse',
    download: 'Last ned',
    compare: 'Sammenlign',
    // Backups explainer
    explainerTitle: 'Hvor sikkerhetskopiene kommer fra',
    explainerBefore:
      'Enheter laster opp sin konfigurasjonssikkerhetskopi når de blir bedt om det: merk enheter i ',
    devicesList: 'enhetslisten',
    explainerBetween:
      ' og velg Eksporter sikkerhetskopi, eller legg til et steg for å eksportere sikkerhetskopi i en oppgave i ',
    taskManager: 'oppgavebehandleren',
    explainerAfter:
      '. Hver sikkerhetskopi vises her, oppkalt etter enhetens modell, serienummer og tidspunktet den ble laget. Merk to sikkerhetskopier for å sammenligne dem, eller gjenopprett én til enheter fra raden dens.',
    // Device picker
    devices: 'Enheter',
    searchDevices: 'Søk etter enheter',
    noDevices: 'Fant ingen enheter',
    devicesRequired: 'Velg minst én enhet',
    tooManyDevices: (max: number) => `Høyst ${max} enheter om gangen`,
    deviceMessage: (device: string, message: string) => `${device}: ${message}`,
    // Firmware update form
    keepSettings: 'Behold innstillinger',
    keepSettingsHint: 'Av: enhetene tilbakestilles til fabrikkinnstillinger etter oppdateringen',
    offline: 'Oppdater når frakoblet',
    offlineHint:
      'Frakoblede enheter oppdateres når de kobler til igjen, innen en uke. Av: frakoblede enheter utelates.',
    firmwareFor: (model: string) => `For ${model}`,
    firmwareMisfit: (fileModel: string, model: string | null) =>
      model
        ? `fastvaren er for ${fileModel}, enheten er en ${model}`
        : `fastvaren er for ${fileModel}, enhetens modell er ukjent`,
    updateConfirm: (file: string, devices: number, keepSettings: boolean, offline: boolean) =>
      [
        `Oppdatere ${devicesText(devices)} med ${file}?`,
        keepSettings
          ? 'Innstillingene deres beholdes.'
          : 'De tilbakestilles til fabrikkinnstillinger etter oppdateringen.',
        offline
          ? 'Frakoblede enheter oppdateres når de kobler til igjen, innen en uke.'
          : 'Frakoblede enheter utelates.',
      ].join(' '),
    // Backup restore form
    backupOf: (model: string) => `Sikkerhetskopi av en ${model}`,
    restoreHint:
      'Enhetene laster ned sikkerhetskopien, tar i bruk konfigurasjonen og starter på nytt. Frakoblede enheter får den når de kobler til igjen, innen en uke.',
    backupMisfit: (fileModel: string, model: string | null) =>
      model
        ? `sikkerhetskopien er av en ${fileModel}, enheten er en ${model}`
        : `sikkerhetskopien er av en ${fileModel}, enhetens modell er ukjent`,
    restoreConfirm: (file: string, devices: number) =>
      `Gjenopprette ${file} til ${devicesText(devices)}? Enhetene laster ned sikkerhetskopien, tar i bruk konfigurasjonen og starter på nytt. Frakoblede enheter får den når de kobler til igjen, innen en uke.`,
    misfitsConfirm: (count: number) =>
      plural(count, {
        one: '{{count}} enhet er av en annen modell.',
        other: '{{count}} enheter er av en annen modell.',
      }),
    cancel: 'Avbryt',
    // Outcome of a bulk request
    partialTitle: 'Noen enheter ble ikke endret',
    partial: (done: number, total: number) => `${done} av ${devicesText(total)} fullført.`,
    notDone: 'Ikke fullført:',
    // Pending jobs
    device: 'Enhet',
    file: 'Fil',
    status: 'Status',
    progress: 'Fremdrift',
    expiresAt: 'Utløper',
    progressOf: (device: string) => `Fremdrift for ${device}`,
    percent: (value: number) => `${value} %`,
    // Comparison
    compareTitle: 'Sammenlign sikkerhetskopier',
    compareSubtitle: (older: string, newer: string) => `${older} → ${newer}`,
    configChanges: 'Konfigurasjonsendringer',
    sameConfiguration: 'De to sikkerhetskopiene har samme konfigurasjon',
    path: 'Sti',
    option: 'Alternativ',
    before: 'Før',
    after: 'Etter',
    changedFiles: 'Endrede filer',
    change: 'Endring',
    sizeBefore: 'Størrelse før',
    sizeAfter: 'Størrelse etter',
    none: '—',
  },
  kinds: {
    firmware: {
      title: 'Oppdater fastvare',
      tabs: { files: 'Fastvarefiler', pending: 'Ventende oppdateringer' },
      filesTable: 'Fastvarefiler',
      noFiles: 'Fant ingen fastvarefiler',
      rowAction: 'Oppdater enheter',
      misfitsTitle: 'Denne fastvaren er kanskje ikke for disse enhetene',
      submit: 'Oppdater',
      confirmTitle: 'Oppdater fastvare',
      statusTitle: 'Fastvareoppdatering',
      started: 'Fastvareoppdatering startet',
      pendingTable: 'Ventende fastvareoppdateringer',
      noPending: 'Ingen fastvareoppdateringer venter',
      cancelSelected: 'Avbryt oppdateringer',
      cancelConfirm: (count: number) =>
        `Avbryte ${plural(count, { one: '{{count}} fastvareoppdatering', other: '{{count}} fastvareoppdateringer' })}? Oppdateringer en enhet allerede har begynt å installere, fortsetter.`,
      keep: 'Behold oppdateringer',
      cancelled: 'Fastvareoppdateringene ble avbrutt',
      cancelFailed: 'Kunne ikke avbryte fastvareoppdateringene',
    },
    backup: {
      title: 'Last opp sikkerhetskopi',
      tabs: { files: 'Sikkerhetskopier', pending: 'Ventende gjenopprettinger' },
      filesTable: 'Sikkerhetskopier',
      noFiles: 'Fant ingen sikkerhetskopier',
      rowAction: 'Gjenopprett til enheter',
      misfitsTitle: 'Denne sikkerhetskopien ble laget på en annen modell',
      submit: 'Gjenopprett',
      confirmTitle: 'Gjenopprett sikkerhetskopi',
      statusTitle: 'Last opp sikkerhetskopi',
      started: 'Gjenoppretting av sikkerhetskopi startet',
      pendingTable: 'Ventende gjenopprettinger av sikkerhetskopier',
      noPending: 'Ingen gjenoppretting av sikkerhetskopi venter',
      cancelSelected: 'Avbryt gjenopprettinger',
      cancelConfirm: (count: number) =>
        `Avbryte ${plural(count, { one: '{{count}} gjenoppretting av sikkerhetskopi', other: '{{count}} gjenopprettinger av sikkerhetskopier' })}? Gjenopprettinger en enhet allerede har startet, fortsetter.`,
      keep: 'Behold gjenopprettinger',
      cancelled: 'Gjenopprettingene av sikkerhetskopier ble avbrutt',
      cancelFailed: 'Kunne ikke avbryte gjenopprettingene av sikkerhetskopier',
    },
  },
  fileChanges: {
    added: 'Lagt til',
    removed: 'Fjernet',
    changed: 'Endret',
  },
};
