; Inno Setup 6 recipe for Tabletop on Windows (x64).
;
;   python packaging\build.py freeze                  (build\app\tabletop\ and build\icons\)
;   iscc /DAppVersion=0.1.0 packaging\windows\tabletop.iss
;
; Output: dist\tabletop-<version>-windows-x64-setup.exe. The workflow
; .github/workflows/installers.yml passes the version read from pyproject.toml.
; Start-menu shortcut always, desktop shortcut as a (checked) task, and an
; uninstaller in Apps & features. Saves and settings live in the user's
; %LOCALAPPDATA%\Tabletop (platformdirs) and are kept by uninstall and upgrades.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z tabletop.iss
#endif
#define AppExe "tabletop.exe"
#define AppDir "..\..\build\app\tabletop"

[Setup]
AppId={{F4384692-3D9C-44E5-BBD5-521A40A1BAA3}
AppName=Tabletop
AppVersion={#AppVersion}
AppVerName=Tabletop {#AppVersion}
AppPublisher=Tabletop
DefaultDirName={autopf}\Tabletop
DefaultGroupName=Tabletop
DisableProgramGroupPage=yes
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=..\..\build\icons\tabletop.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName=Tabletop
OutputDir=..\..\dist
OutputBaseFilename=tabletop-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[InstallDelete]
; an upgrade replaces the whole bundle: no stale DLLs from the previous version
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#AppDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tabletop"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\Tabletop"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,Tabletop}"; Flags: nowait postinstall skipifsilent
