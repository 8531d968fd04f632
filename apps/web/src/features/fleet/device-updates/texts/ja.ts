import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

const devicesText = (count: number) => plural(count, { other: '{{count}} 台のデバイス' });

export const ja: Translation<typeof en> = {
  update: {
    // Files
    name: '名前',
    global: 'グローバル',
    description: '説明',
    deviceModel: 'デバイスモデル',
    model: 'モデル',
    anyModel: 'すべてのモデル',
    size: 'サイズ',
    uploadedAt: 'アップロード日時',
    createdAt: '作成日時',
    actions: '操作',
    searchPlaceholder: '名前または説明で検索',
    download: 'ダウンロード',
    compare: '比較',
    // Backups explainer
    explainerTitle: 'バックアップの取得元',
    explainerBefore: 'デバイスは要求に応じて設定のバックアップをアップロードします。',
    devicesList: 'デバイス一覧',
    explainerBetween: ' でデバイスを選択して「バックアップをエクスポート」を選ぶか、',
    taskManager: 'タスクマネージャー',
    explainerAfter:
      ' のタスクにバックアップのエクスポート手順を追加してください。各バックアップはデバイスのモデル、シリアル番号、作成日時にちなんだ名前でここに表示されます。2 つのバックアップを選択すると比較でき、行からデバイスに復元することもできます。',
    // Device picker
    devices: 'デバイス',
    searchDevices: 'デバイスを検索',
    noDevices: 'デバイスが見つかりません',
    devicesRequired: 'デバイスを 1 台以上選択してください',
    tooManyDevices: (max: number) => `一度に選択できるのは最大 ${max} 台です`,
    deviceMessage: (device: string, message: string) => `${device}: ${message}`,
    // Firmware update form
    keepSettings: '設定を保持',
    keepSettingsHint: 'オフ: 更新後、デバイスは工場出荷時の設定に戻ります',
    offline: 'オフライン時も更新',
    offlineHint:
      'オフラインのデバイスは 1 週間以内に再接続したときに更新されます。オフ: オフラインのデバイスは対象外になります。',
    firmwareFor: (model: string) => `${model} 用`,
    firmwareMisfit: (fileModel: string, model: string | null) =>
      model
        ? `ファームウェアは ${fileModel} 用ですが、デバイスは ${model} です`
        : `ファームウェアは ${fileModel} 用ですが、デバイスのモデルは不明です`,
    updateConfirm: (file: string, devices: number, keepSettings: boolean, offline: boolean) =>
      [
        `${devicesText(devices)}を ${file} で更新しますか？`,
        keepSettings ? '設定は保持されます。' : '更新後、工場出荷時の設定に戻ります。',
        offline
          ? 'オフラインのデバイスは 1 週間以内に再接続したときに更新されます。'
          : 'オフラインのデバイスは対象外です。',
      ].join(''),
    // Backup restore form
    backupOf: (model: string) => `${model} のバックアップ`,
    restoreHint:
      'デバイスはバックアップをダウンロードし、その設定を適用して再起動します。オフラインのデバイスは、1 週間以内に再接続したときに受け取ります。',
    backupMisfit: (fileModel: string, model: string | null) =>
      model
        ? `バックアップは ${fileModel} のものですが、デバイスは ${model} です`
        : `バックアップは ${fileModel} のものですが、デバイスのモデルは不明です`,
    restoreConfirm: (file: string, devices: number) =>
      `${file} を${devicesText(devices)}に復元しますか？デバイスはバックアップをダウンロードし、その設定を適用して再起動します。オフラインのデバイスは、1 週間以内に再接続したときに受け取ります。`,
    misfitsConfirm: (count: number) =>
      plural(count, { other: '{{count}} 台のデバイスは別のモデルです。' }),
    cancel: 'キャンセル',
    // Outcome of a bulk request
    partialTitle: '一部のデバイスは変更されませんでした',
    partial: (done: number, total: number) => `${devicesText(total)}中 ${done} 台が完了しました。`,
    notDone: '未完了:',
    // Pending jobs
    device: 'デバイス',
    file: 'ファイル',
    status: 'ステータス',
    progress: '進捗',
    expiresAt: '有効期限',
    progressOf: (device: string) => `${device} の進捗`,
    percent: (value: number) => `${value}%`,
    // Comparison
    compareTitle: 'バックアップを比較',
    compareSubtitle: (older: string, newer: string) => `${older} → ${newer}`,
    configChanges: '設定の変更',
    sameConfiguration: '2 つのバックアップの設定は同じです',
    path: 'パス',
    option: 'オプション',
    before: '変更前',
    after: '変更後',
    changedFiles: '変更されたファイル',
    change: '変更',
    sizeBefore: '変更前のサイズ',
    sizeAfter: '変更後のサイズ',
    none: '—',
  },
  kinds: {
    firmware: {
      title: 'ファームウェアを更新',
      tabs: { files: 'ファームウェアファイル', pending: '保留中の更新' },
      filesTable: 'ファームウェアファイル',
      noFiles: 'ファームウェアファイルが見つかりません',
      rowAction: 'デバイスを更新',
      misfitsTitle: 'このファームウェアはこれらのデバイス用ではない可能性があります',
      submit: '更新',
      confirmTitle: 'ファームウェアを更新',
      statusTitle: 'ファームウェア更新',
      started: 'ファームウェア更新を開始しました',
      pendingTable: '保留中のファームウェア更新',
      noPending: '保留中のファームウェア更新はありません',
      cancelSelected: '更新をキャンセル',
      cancelConfirm: (count: number) =>
        `${plural(count, { other: '{{count}} 件のファームウェア更新' })}をキャンセルしますか？デバイスがすでにインストールを開始した更新は続行されます。`,
      keep: '更新を維持',
      cancelled: 'ファームウェア更新をキャンセルしました',
      cancelFailed: 'ファームウェア更新をキャンセルできませんでした',
    },
    backup: {
      title: 'バックアップをアップロード',
      tabs: { files: 'バックアップ', pending: '保留中の復元' },
      filesTable: 'バックアップ',
      noFiles: 'バックアップが見つかりません',
      rowAction: 'デバイスに復元',
      misfitsTitle: 'このバックアップは別のモデルで作成されました',
      submit: '復元',
      confirmTitle: 'バックアップを復元',
      statusTitle: 'バックアップのアップロード',
      started: 'バックアップの復元を開始しました',
      pendingTable: '保留中のバックアップ復元',
      noPending: '保留中のバックアップ復元はありません',
      cancelSelected: '復元をキャンセル',
      cancelConfirm: (count: number) =>
        `${plural(count, { other: '{{count}} 件のバックアップ復元' })}をキャンセルしますか？デバイスがすでに開始した復元は続行されます。`,
      keep: '復元を維持',
      cancelled: 'バックアップの復元をキャンセルしました',
      cancelFailed: 'バックアップの復元をキャンセルできませんでした',
    },
  },
  fileChanges: {
    added: '追加',
    removed: '削除',
    changed: '変更',
  },
};
