import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

const devicesText = (count: number) =>
  plural(count, {
    one: '{{count}} пристрій',
    few: '{{count}} пристрої',
    many: '{{count}} пристроїв',
    other: '{{count}} пристрою',
  });

/** The genitive after "з" / "для". */
const ofDevices = (count: number) =>
  plural(count, {
    one: '{{count}} пристрою',
    few: '{{count}} пристроїв',
    many: '{{count}} пристроїв',
    other: '{{count}} пристрою',
  });

export const uk: Translation<typeof en> = {
  update: {
    // Files
    name: 'Назва',
    global: 'Глобальний',
    description: 'Опис',
    deviceModel: 'Модель пристрою',
    model: 'Модель',
    anyModel: 'Будь-яка модель',
    size: 'Розмір',
    uploadedAt: 'Завантажено',
    createdAt: 'Створено',
    actions: 'Дії',
    searchPlaceholder: 'Пошук за назвою або описом',
    download: 'Завантажити',
    compare: 'Порівняти',
    // Backups explainer
    explainerTitle: 'Звідки беруться резервні копії',
    explainerBefore:
      'Пристрої вивантажують резервну копію конфігурації на запит: позначте пристрої у ',
    devicesList: 'списку пристроїв',
    explainerBetween:
      ' і виберіть «Експортувати резервну копію» або додайте крок експорту резервної копії до завдання в ',
    taskManager: 'менеджері завдань',
    explainerAfter:
      '. Кожна резервна копія показується тут під назвою з моделі пристрою, серійного номера та часу створення. Позначте дві резервні копії, щоб порівняти їх, або відновіть одну на пристроях із її рядка.',
    // Device picker
    devices: 'Пристрої',
    searchDevices: 'Пошук пристроїв',
    noDevices: 'Пристроїв не знайдено',
    devicesRequired: 'Виберіть принаймні один пристрій',
    tooManyDevices: (max: number) => `Не більше ${max} пристроїв за раз`,
    deviceMessage: (device: string, message: string) => `${device}: ${message}`,
    // Firmware update form
    keepSettings: 'Зберегти налаштування',
    keepSettingsHint: 'Вимкнено: після оновлення пристрої повернуться до заводських налаштувань',
    offline: 'Оновлювати поза мережею',
    offlineHint:
      'Пристрої поза мережею оновляться після повторного підключення, протягом тижня. Вимкнено: пристрої поза мережею пропускаються.',
    firmwareFor: (model: string) => `Для ${model}`,
    firmwareMisfit: (fileModel: string, model: string | null) =>
      model
        ? `прошивка для ${fileModel}, а пристрій — ${model}`
        : `прошивка для ${fileModel}, а модель пристрою невідома`,
    updateConfirm: (file: string, devices: number, keepSettings: boolean, offline: boolean) =>
      [
        `Оновити ${devicesText(devices)} файлом ${file}?`,
        keepSettings
          ? 'Їхні налаштування збережуться.'
          : 'Після оновлення вони повернуться до заводських налаштувань.',
        offline
          ? 'Пристрої поза мережею оновляться після повторного підключення, протягом тижня.'
          : 'Пристрої поза мережею пропускаються.',
      ].join(' '),
    // Backup restore form
    backupOf: (model: string) => `Резервна копія ${model}`,
    restoreHint:
      'Пристрої завантажують резервну копію, застосовують її конфігурацію та перезавантажуються. Пристрої поза мережею отримають її після повторного підключення, протягом тижня.',
    backupMisfit: (fileModel: string, model: string | null) =>
      model
        ? `резервна копія з ${fileModel}, а пристрій — ${model}`
        : `резервна копія з ${fileModel}, а модель пристрою невідома`,
    restoreConfirm: (file: string, devices: number) =>
      `Відновити ${file} на ${devicesText(devices)}? Пристрої завантажують резервну копію, застосовують її конфігурацію та перезавантажуються. Пристрої поза мережею отримають її після повторного підключення, протягом тижня.`,
    misfitsConfirm: (count: number) =>
      plural(count, {
        one: '{{count}} пристрій іншої моделі.',
        few: '{{count}} пристрої іншої моделі.',
        many: '{{count}} пристроїв іншої моделі.',
        other: '{{count}} пристрою іншої моделі.',
      }),
    cancel: 'Скасувати',
    // Outcome of a bulk request
    partialTitle: 'Деякі пристрої не змінено',
    partial: (done: number, total: number) => `Виконано для ${done} з ${ofDevices(total)}.`,
    notDone: 'Не виконано:',
    // Pending jobs
    device: 'Пристрій',
    file: 'Файл',
    status: 'Статус',
    progress: 'Перебіг',
    expiresAt: 'Діє до',
    progressOf: (device: string) => `Перебіг для ${device}`,
    percent: (value: number) => `${value}%`,
    // Comparison
    compareTitle: 'Порівняння резервних копій',
    compareSubtitle: (older: string, newer: string) => `${older} → ${newer}`,
    configChanges: 'Зміни конфігурації',
    sameConfiguration: 'Обидві резервні копії містять однакову конфігурацію',
    path: 'Шлях',
    option: 'Параметр',
    before: 'До',
    after: 'Після',
    changedFiles: 'Змінені файли',
    change: 'Зміна',
    sizeBefore: 'Розмір до',
    sizeAfter: 'Розмір після',
    none: '—',
  },
  kinds: {
    firmware: {
      title: 'Оновлення прошивки',
      tabs: { files: 'Файли прошивки', pending: 'Очікувані оновлення' },
      filesTable: 'Файли прошивки',
      noFiles: 'Файлів прошивки не знайдено',
      rowAction: 'Оновити пристрої',
      misfitsTitle: 'Ця прошивка, можливо, не для цих пристроїв',
      submit: 'Оновити',
      confirmTitle: 'Оновлення прошивки',
      statusTitle: 'Оновлення прошивки',
      started: 'Оновлення прошивки розпочато',
      pendingTable: 'Очікувані оновлення прошивки',
      noPending: 'Немає очікуваних оновлень прошивки',
      cancelSelected: 'Скасувати оновлення',
      cancelConfirm: (count: number) =>
        `Скасувати ${plural(count, { one: '{{count}} оновлення прошивки', other: '{{count}} оновлень прошивки', few: '{{count}} оновлення прошивки', many: '{{count}} оновлень прошивки' })}? Оновлення, які пристрій уже почав встановлювати, продовжаться.`,
      keep: 'Залишити оновлення',
      cancelled: 'Оновлення прошивки скасовано',
      cancelFailed: 'Не вдалося скасувати оновлення прошивки',
    },
    backup: {
      title: 'Завантаження резервної копії',
      tabs: { files: 'Резервні копії', pending: 'Очікувані відновлення' },
      filesTable: 'Резервні копії',
      noFiles: 'Резервних копій не знайдено',
      rowAction: 'Відновити на пристроях',
      misfitsTitle: 'Цю резервну копію створено на іншій моделі',
      submit: 'Відновити',
      confirmTitle: 'Відновлення резервної копії',
      statusTitle: 'Завантаження резервної копії',
      started: 'Відновлення резервної копії розпочато',
      pendingTable: 'Очікувані відновлення резервних копій',
      noPending: 'Немає очікуваних відновлень резервних копій',
      cancelSelected: 'Скасувати відновлення',
      cancelConfirm: (count: number) =>
        `Скасувати ${plural(count, { one: '{{count}} відновлення резервної копії', few: '{{count}} відновлення резервних копій', many: '{{count}} відновлень резервних копій', other: '{{count}} відновлення резервних копій' })}? Відновлення, які пристрій уже розпочав, продовжаться.`,
      keep: 'Залишити відновлення',
      cancelled: 'Відновлення резервних копій скасовано',
      cancelFailed: 'Не вдалося скасувати відновлення резервних копій',
    },
  },
  fileChanges: {
    added: 'Додано',
    removed: 'Видалено',
    changed: 'Змінено',
  },
};
