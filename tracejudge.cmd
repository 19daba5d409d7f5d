@echo off
rem Tracejudge from a checkout on Windows: runs target\tracejudge.jar (mvnw.cmd -q -DskipTests package builds it)
rem with the installed launcher's JVM settings for commands (client compiler, serial collector); with no arguments
rem or one .tjdb file, the workbench's (client compiler, 20 ms GC pause target). See the tracejudge script beside it.
setlocal
set "JAR=%~dp0target\tracejudge.jar"
if not exist "%JAR%" (
  echo tracejudge: no %JAR%; build it first: mvnw.cmd -q -DskipTests package 1>&2
  exit /b 2
)
set "JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
set "FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
rem import: C2 for the JDK's digests only (installers\jit-import.json: the files' SHA-256 under C1 costs as much as parsing)
set "JIT=%~dp0installers\jit-import.json"
if /i "%~1"=="import" if exist "%JIT%" set FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:+UseSerialGC -XX:+UnlockDiagnosticVMOptions "-XX:CompilerDirectivesFile=%JIT%" -XX:-DisplayVMOutput -XX:Tier4InvocationThreshold=300 -XX:Tier4MinInvocationThreshold=100 -XX:Tier4CompileThreshold=400 -XX:Tier4BackEdgeThreshold=3000
if "%~1"=="" set "FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:TieredStopAtLevel=1 -XX:MaxGCPauseMillis=20"
if "%~2"=="" if /i "%~x1"==".tjdb" set "FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:TieredStopAtLevel=1 -XX:MaxGCPauseMillis=20"
"%JAVA%" %FLAGS% %TRACEJUDGE_JAVA_OPTIONS% -jar "%JAR%" %*
exit /b %ERRORLEVEL%
